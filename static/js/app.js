// Makes the card view's forms instant. Without this script every control still works as a
// plain form; with it, hiding, showing and choosing an allegiance change the screen at once
// and are saved in the background, one request at a time so each sees the last one's cookie.
"use strict";

(function () {
  const hand = document.getElementById("hand");
  if (!hand) return;
  const status = document.getElementById("status");
  const flips = document.getElementById("flips");
  const labels = { robot: "robot", power: "power", allegiance: "allegiance" };
  let queue = Promise.resolve();

  function slot(part) {
    return hand.querySelector('.slot[data-part="' + part + '"]');
  }

  function setHidden(part, hidden) {
    const el = slot(part);
    if (!el) return;
    el.dataset.hidden = hidden ? "true" : "false";
    const form = el.querySelector("form.switch");
    const button = form.querySelector("button");
    form.action = hidden ? hand.dataset.showUrl : hand.dataset.hideUrl;
    button.setAttribute("aria-label", (hidden ? "Show " : "Hide ") + labels[part]);
    button.querySelector(".eye-text").textContent = hidden ? "Show" : "Hide";
  }

  function setAllegiance(value) {
    const el = slot("allegiance");
    el.dataset.allegiance = value;
    el.querySelectorAll("[data-face]").forEach(function (face) {
      face.hidden = face.dataset.face !== value;
    });
    hand.querySelectorAll("form.choose button").forEach(function (button) {
      button.setAttribute("aria-pressed", button.value === value ? "true" : "false");
    });
  }

  function capital(word) {
    return word.charAt(0).toUpperCase() + word.slice(1);
  }

  function setFlips(coins, allegiance) {
    flips.textContent = coins
      ? "Coins: " + capital(coins[0]) + " + " + capital(coins[1]) + " → " + capital(allegiance)
      : "Allegiance set by hand";
  }

  function apply(state) {
    Object.keys(labels).forEach(function (part) {
      setHidden(part, state.hidden.indexOf(part) !== -1);
    });
    setAllegiance(state.allegiance);
    setFlips(state.flips, state.allegiance);
  }

  function say(message) {
    status.textContent = message;
  }

  // Send one form; resolve with the hand's state as the server now has it.
  function save(form, submitter) {
    const url = form.action;
    const body = new URLSearchParams(new FormData(form, submitter));
    queue = queue
      .catch(function () {})
      .then(function () {
        return fetch(url, {
          method: "POST",
          body: body,
          headers: { Accept: "application/json" },
          credentials: "same-origin",
          keepalive: true, // a tap just before a reload or a closed tab is still saved
        });
      })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      });
    return queue;
  }

  function failed() {
    say("Not saved: no connection. Your screen is right, but a reload may undo it.");
  }

  hand.addEventListener("submit", function (event) {
    const form = event.target;
    const kind = form.dataset.enhance;
    if (!kind) return; // shuffle and the points card reload the page as plain forms
    event.preventDefault();
    const submitter = event.submitter;
    if (kind === "visibility") {
      const part = form.querySelector('input[name="part"]').value;
      const saved = save(form, submitter);
      setHidden(part, slot(part).dataset.hidden !== "true");
      saved.then(function () { say(""); }, failed);
    } else if (kind === "allegiance") {
      if (slot("allegiance").dataset.allegiance !== submitter.value) {
        setAllegiance(submitter.value);
        setFlips(null, submitter.value);
      }
      save(form, submitter).then(function () { say(""); }, failed);
    } else if (kind === "randomise") {
      save(form, submitter).then(function (state) { say(""); apply(state); }, failed);
    }
  });
})();

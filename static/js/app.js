// Makes the card view instant, keeps the screen awake and keeps working offline.
//
// Without this script every control still works as a plain form. With it:
// - hiding, showing and choosing an allegiance change the screen at once; the phone's whole
//   arrangement is then saved with one request to /sync, and remembered on the phone until
//   the server has it, so a lost connection loses nothing and catches up when it returns;
// - the actions panel opens in place and an action switches the view in place, offline too;
// - the screen is kept awake (Screen Wake Lock) while the cards are open and visible.
"use strict";

(function () {
  const hand = document.getElementById("hand");
  if (!hand) return;
  const body = document.body;
  const status = document.getElementById("status");
  const flips = document.getElementById("flips");
  const PARTS = ["robot", "power", "allegiance"];
  const PENDING = "evilrobots:pending";
  const OFFLINE_NOTE = "Offline. Hide, show and allegiance still work; shuffling, " +
    "randomising and the points card need the connection.";

  function slot(part) {
    return hand.querySelector('.slot[data-part="' + part + '"]');
  }

  function say(message) {
    status.textContent = message;
  }

  // ---- Drawing the hand ------------------------------------------------------------------

  function setHidden(part, hidden) {
    const el = slot(part);
    el.dataset.hidden = hidden ? "true" : "false";
    const form = el.querySelector("form.switch");
    const button = form.querySelector("button");
    form.action = hidden ? hand.dataset.showUrl : hand.dataset.hideUrl;
    button.setAttribute("aria-label", (hidden ? "Show " : "Hide ") + part);
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

  function arrangement() {
    return {
      round: hand.dataset.round,
      hidden: PARTS.filter(function (part) { return slot(part).dataset.hidden === "true"; }),
      allegiance: slot("allegiance").dataset.allegiance,
    };
  }

  function arrange(state) {
    PARTS.forEach(function (part) { setHidden(part, state.hidden.indexOf(part) !== -1); });
    setAllegiance(state.allegiance);
  }

  // ---- Saving: one request at a time, the latest arrangement wins -------------------------
  // Each request must carry the cookie the previous one set, or two answers could cross and
  // the older would win; so every request the script makes waits its turn in one queue.

  let queue = Promise.resolve();
  let syncQueued = false;
  let offline = !navigator.onLine;

  function inTurn(task) {
    const turn = queue.then(task);
    queue = turn.catch(function () {});
    return turn;
  }

  function remember() {
    try { localStorage.setItem(PENDING, JSON.stringify(arrangement())); } catch (e) { /* full */ }
  }

  function forget() {
    try { localStorage.removeItem(PENDING); } catch (e) { /* unavailable */ }
  }

  function setOffline(value) {
    offline = value;
    body.dataset.offline = value ? "true" : "false";
    if (value) say(OFFLINE_NOTE);
    else if (status.textContent === OFFLINE_NOTE) say("");
  }

  function post(url, data) {
    return fetch(url, {
      method: "POST",
      body: data,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      keepalive: true, // a tap just before a reload or a closed tab is still saved
    }).then(function (response) {
      if (response.status === 409) { forget(); location.reload(); throw new Error("stale"); }
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    });
  }

  // Send the phone's arrangement as it is when its turn comes, so taps made while an earlier
  // request was on its way travel together in one later request.
  function sync() {
    if (syncQueued) return;
    syncQueued = true;
    inTurn(function () {
      syncQueued = false;
      const state = arrangement();
      const data = new URLSearchParams();
      data.append("round", state.round);
      state.hidden.forEach(function (part) { data.append("hidden", part); });
      data.append("allegiance", state.allegiance);
      return post(hand.dataset.syncUrl, data).then(function () {
        setOffline(false);
        if (!syncQueued) forget();
      }, function () {
        setOffline(true);
      });
    });
  }

  function changed() {
    remember();
    sync();
  }

  // Changes made while offline (even across a reload from the cache) are applied again.
  function restore() {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(PENDING) || "null"); } catch (e) { saved = null; }
    if (!saved || saved.round !== hand.dataset.round) { forget(); return; }
    if (saved.allegiance !== slot("allegiance").dataset.allegiance) setFlips(null);
    arrange(saved);
    sync();
  }

  // Shuffling, randomising and drawing the points card need the server: say so offline.
  document.addEventListener("submit", function (event) {
    if (event.target.hasAttribute("data-needs-network") && (offline || !navigator.onLine)) {
      event.preventDefault();
      event.stopPropagation();
      setOffline(true);
    }
  }, true);

  hand.addEventListener("submit", function (event) {
    const form = event.target;
    const kind = form.dataset.enhance;
    if (!kind) return; // shuffle and the points card reload the page as plain forms
    event.preventDefault();
    const submitter = event.submitter;
    if (kind === "visibility") {
      const part = form.querySelector('input[name="part"]').value;
      setHidden(part, slot(part).dataset.hidden !== "true");
      changed();
    } else if (kind === "allegiance") {
      if (slot("allegiance").dataset.allegiance !== submitter.value) {
        setAllegiance(submitter.value);
        setFlips(null);
        changed();
      }
    } else if (kind === "randomise") {
      const data = new URLSearchParams(new FormData(form, submitter));
      inTurn(function () { return post(form.action, data); }).then(function (state) {
        setOffline(false);
        setAllegiance(state.allegiance);
        setFlips(state.flips, state.allegiance);
      }, function () { setOffline(true); });
    }
  });

  window.addEventListener("online", function () { setOffline(false); sync(); });
  window.addEventListener("offline", function () { setOffline(true); });

  // ---- The actions panel and the action views, in place -----------------------------------

  const panel = document.getElementById("actions-panel");
  const opener = document.querySelector("[data-open-panel]");
  const banner = document.getElementById("focus-banner");
  const focusTitle = document.getElementById("focus-title");

  const behindPanel = [document.querySelector(".bar"), hand];

  function openPanel() {
    panel.hidden = false;
    body.classList.add("panel-open");
    behindPanel.forEach(function (el) { el.inert = true; });
    panel.querySelector(".action-link").focus();
  }

  function closePanel() {
    panel.hidden = true;
    body.classList.remove("panel-open");
    behindPanel.forEach(function (el) { el.inert = false; });
  }

  function showAction(link) {
    const shows = link.dataset.shows ? link.dataset.shows.split(" ") : [];
    closePanel();
    body.dataset.focus = "true";
    body.dataset.shows = String(shows.length);
    PARTS.forEach(function (part) {
      slot(part).dataset.inAction = shows.indexOf(part) !== -1 ? "true" : "false";
    });
    focusTitle.textContent = "";
    if (link.dataset.kicker) {
      const kicker = document.createElement("span");
      kicker.className = "reveal-phase";
      kicker.textContent = link.dataset.kicker;
      focusTitle.append(kicker, " ");
    }
    focusTitle.append(link.dataset.label);
    banner.hidden = false;
    hand.dataset.nothing = shows.length === 0 ? "true" : "false";
    focusTitle.focus();
  }

  function closeFocus() {
    delete body.dataset.focus;
    delete body.dataset.shows;
    banner.hidden = true;
    opener.focus();
  }

  opener.addEventListener("click", function (event) {
    event.preventDefault();
    openPanel();
  });
  panel.querySelector("[data-close-panel]").addEventListener("click", function () {
    closePanel();
    opener.focus();
  });
  panel.addEventListener("click", function (event) {
    const link = event.target.closest(".action-link");
    if (!link) return;
    event.preventDefault();
    history.pushState({ action: link.dataset.action }, "", link.href);
    showAction(link);
  });
  banner.querySelector("[data-close-focus]").addEventListener("click", function () {
    history.back();
  });
  window.addEventListener("popstate", function (event) {
    if (event.state && event.state.action) {
      showAction(panel.querySelector('[data-action="' + event.state.action + '"]'));
    } else if (body.dataset.focus) {
      closeFocus();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    if (!panel.hidden) { closePanel(); opener.focus(); }
    else if (body.dataset.focus) history.back();
  });
  history.replaceState(null, "", location.href);

  // ---- Keep the screen awake while the cards are open ------------------------------------

  const wakeButton = document.querySelector("[data-wake]");
  let wakeLock = null;
  let wakeWanted = true;
  try { wakeWanted = localStorage.getItem("evilrobots:wake") !== "off"; } catch (e) { /* default */ }

  function showWake() {
    wakeButton.setAttribute("aria-pressed", wakeWanted ? "true" : "false");
    wakeButton.dataset.held = wakeLock ? "true" : "false";
  }

  const toast = document.getElementById("toast");
  let toldAboutWake = false;
  try { toldAboutWake = sessionStorage.getItem("evilrobots:wake-told") === "yes"; } catch (e) { /* */ }
  toast.addEventListener("click", function () { toast.hidden = true; });

  function tell(message) {
    toast.textContent = message;
    toast.hidden = false;
    setTimeout(function () { toast.hidden = true; }, 4000);
  }

  function acquireWake() {
    if (!wakeWanted || wakeLock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (lock) {
      if (!toldAboutWake) {
        tell("Your screen stays on while your cards are open. Tap the sun to let it sleep.");
        try { sessionStorage.setItem("evilrobots:wake-told", "yes"); } catch (e) { /* */ }
      }
      toldAboutWake = true;
      wakeLock = lock;
      lock.addEventListener("release", function () { wakeLock = null; showWake(); });
      showWake();
    }, function () { wakeLock = null; showWake(); });
  }

  function releaseWake() {
    if (wakeLock) wakeLock.release();
    wakeLock = null;
    showWake();
  }

  if (navigator.wakeLock && typeof navigator.wakeLock.request === "function") {
    wakeButton.hidden = false;
    wakeButton.addEventListener("click", function () {
      wakeWanted = !wakeWanted;
      toldAboutWake = true;
      tell(wakeWanted ? "Screen stays on." : "Screen may sleep as usual.");
      try { localStorage.setItem("evilrobots:wake", wakeWanted ? "on" : "off"); } catch (e) { /* */ }
      if (wakeWanted) acquireWake(); else releaseWake();
      showWake();
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") acquireWake(); else releaseWake();
    });
    showWake();
    acquireWake();
  }

  // ---- Installable and offline-safe --------------------------------------------------------

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* works without it */ });
  }

  setOffline(offline);
  restore();
})();

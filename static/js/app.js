// Makes the card view instant, keeps the screen awake and keeps working offline.
//
// Without this script every control still works as a plain form. With it:
// - hiding, showing and choosing an allegiance change the screen at once; the phone's whole
//   arrangement is then saved with one request to the sync URL, and remembered on the phone
//   until the server has it, so a lost connection loses nothing and catches up when it returns;
// - a shuffle (and its undo) costs one request: the server answers with the new card view's
//   <main>, swapped in whole, instead of a page load;
// - the actions panel opens in place and an action switches the view in place, offline too;
// - the screen is kept awake (Screen Wake Lock) while the cards are open and visible.
// Notes (offline, the kept-on screen, undo) sit in a row of their own above the cards, kept
// when empty, so a note coming or going moves no card and covers no control; a passing note
// goes at the player's next tap.
"use strict";

(function () {
  let hand = document.getElementById("hand");
  if (!hand) return;
  const body = document.body;
  const PARTS = ["robot", "power", "allegiance"];
  // Offline changes are kept per card view (the applet's, or a table seat's).
  const PENDING = "evilrobots:pending:" + hand.dataset.syncUrl;
  // The page's words for what the script says, in the page's language (English otherwise).
  const WORDS = (function () {
    try { return JSON.parse(document.getElementById("words").textContent); } catch (e) { return {}; }
  }());
  function word(key, english) { return WORDS[key] || english; }
  const OFFLINE_NOTE = word("offline", "Offline: your taps are kept. Shuffle and points wait.");

  function slot(part) {
    return hand.querySelector('.slot[data-part="' + part + '"]');
  }

  // The status line: the offline note while offline, otherwise a passing note (kind "note").
  // The notes' row holds one note: a passing note gives way to the offline note and to the
  // offer to undo, rather than wait hidden and show up later out of place.
  function say(message, kind) {
    if (kind === "note" && (offline || hand.querySelector("form.undo"))) return;
    const status = document.getElementById("status");
    status.textContent = message;
    if (kind) status.dataset.kind = kind; else delete status.dataset.kind;
  }

  // A passing note, or a tap's own alert (live.js: "Not sent"), goes at the next tap.
  function clearNote() {
    if (document.getElementById("status").dataset.kind) say(offline ? OFFLINE_NOTE : "");
  }

  // ---- Drawing the hand ------------------------------------------------------------------

  function setHidden(part, hidden) {
    const el = slot(part);
    el.dataset.hidden = hidden ? "true" : "false";
    const form = el.querySelector("form.switch");
    const button = form.querySelector("button");
    form.action = hidden ? hand.dataset.showUrl : hand.dataset.hideUrl;
    button.setAttribute("aria-label", hidden ? button.dataset.show : button.dataset.hide);
    button.querySelector(".eye-text").textContent = hidden ? word("show", "Show") : word("hide", "Hide");
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

  // The sentence comes from the server ("Coins: Heads + Tails → Neutral"); only the by-hand
  // sentence is needed offline, and the page carries it.
  function setFlips(sentence) {
    const flips = document.getElementById("flips");
    flips.textContent = sentence || flips.dataset.byHand;
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
    else if (document.getElementById("status").textContent === OFFLINE_NOTE ||
      document.getElementById("status").dataset.kind === "alert") say("");
  }

  // A limit met (429) is said in the server's words (which, and when to try again), never as
  // "Offline": nothing the phone holds is lost.
  function TooMany(answer, retry) {
    this.text = answer.error || word("tooMany", "Too many taps: try again in a minute.");
    this.seconds = Number(answer.retry || retry) || 60;
  }
  function refused(error) {
    if (error instanceof TooMany) say(error.text, "alert"); else setOffline(true);
  }

  // A 409 means the phone shows an older round: reload to get the new one. newCards asks for
  // the error instead, to send the form the plain way and show the server's explanation.
  function post(url, data, keepErrors) {
    return fetch(url, {
      method: "POST",
      body: data,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      keepalive: true, // a tap just before a reload or a closed tab is still saved
    }).then(function (response) {
      if (response.status === 409 && !keepErrors) {
        forget(); location.reload(); throw new Error("stale");
      }
      if (response.status === 429) {
        return response.json().catch(function () { return {}; }).then(function (answer) {
          throw new TooMany(answer, response.headers.get("Retry-After"));
        });
      }
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
      // At a table the app runs, the allegiance is the table's: the card view has no
      // controls for it, and the phone never sends one.
      if (hand.querySelector("form.choose")) data.append("allegiance", state.allegiance);
      return post(hand.dataset.syncUrl, data).then(function () {
        setOffline(false);
        if (!syncQueued) forget();
      }, function (error) {
        refused(error);
        if (error instanceof TooMany) setTimeout(sync, 1000 * error.seconds);  // kept till then
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

  // ---- New cards: shuffle and undo, swapped in place --------------------------------------

  let undoTimer = null;

  // Take back the undo offer when its time is up (the server refuses it a little later).
  function armUndo() {
    clearTimeout(undoTimer);
    const offer = hand.querySelector("form.undo");
    if (!offer) return;
    clearNote(); // one note at a time in the notes' row: the offer to undo is the news
    undoTimer = setTimeout(function () { offer.remove(); }, 1000 * Number(offer.dataset.undoSeconds));
  }

  // Put a new card view in place of the old (a shuffle, an undo, a new deal at a table, or a
  // change of what the action views offer). An action view the player opened stays open,
  // unless the cards are new: someone else's act never moves a phone out of its view.
  function swapHand(html, newCards) {
    const action = body.dataset.focus ? body.dataset.action : null;
    const shown = viewing;
    forget();
    const holder = document.createElement("template");
    holder.innerHTML = html;
    const fresh = holder.content.firstElementChild;
    hand.replaceWith(fresh);
    hand = fresh;
    setOffline(offline);
    armUndo();
    if (action && !newCards && shown) {
      showAct(shown, true);
    } else if (action && !newCards) {
      const link = panel.querySelector('[data-action="' + action + '"]');
      if (link) showAction(link, true);
    } else if (action) {
      // Out of the action view in the same frame as the new cards come in: the phone shows
      // its new hand at once, and nothing on it moves a frame later.
      closeFocus();
      history.back();
    }
  }

  // One request; the answer carries the new card view. If anything but the network fails,
  // the form is sent the plain way so the player sees the server's page.
  function newCards(form) {
    inTurn(function () { return post(form.action, new URLSearchParams(), true); }).then(
      function (state) {
        setOffline(false);
        swapHand(state.html, true);
      },
      function (error) {
        if (error instanceof TypeError || error instanceof TooMany) refused(error);
        else form.submit();
      }
    );
  }

  // Shuffling, randomising and drawing the points card need the server: say so offline.
  document.addEventListener("submit", function (event) {
    if (event.target.hasAttribute("data-needs-network") && (offline || !navigator.onLine)) {
      event.preventDefault();
      event.stopPropagation();
      setOffline(true);
    }
  }, true);

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.hasAttribute("data-new-cards")) {
      event.preventDefault();
      newCards(form);
      return;
    }
    if (form.hasAttribute("data-reveal")) {
      event.preventDefault();
      reveal(form);
      return;
    }
    const kind = form.dataset.enhance;
    if (!kind || !hand.contains(form)) return; // the points card reloads the page
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
        setFlips(state.coins);
      }, refused);
    }
  });

  // ---- At a table: Reveal to the table, from the action view in place -----------------------

  function reveal(form) {
    const data = new URLSearchParams(new FormData(form));
    const button = form.querySelector(".reveal-button");
    if (button.dataset.done) return; // revealed already: once is enough
    button.disabled = true;
    // The form's field "action" hides its action attribute from form.action.
    inTurn(function () { return post(form.getAttribute("action"), data, true); }).then(function (answer) {
      button.dataset.done = "true";
      button.textContent = "✓ " + word("onBoard", "On the board");
      button.disabled = false;
      offerTakeBack(answer.shown && answer.shown.until);
    }, function (error) {
      button.disabled = false;
      if (error instanceof TypeError) {
        setOffline(true);
        form.dispatchEvent(new CustomEvent("not-sent", { bubbles: true }));
      } else if (error instanceof TooMany) refused(error);
      else form.submit();
    });
  }

  // CheatBot picks the allegiance to show: the card shows it too, for the webcam. The true
  // allegiance is untouched, and comes back with the card view.
  document.addEventListener("change", function (event) {
    if (!event.target.closest("[data-cheat]")) return;
    showFace(event.target.value);
  });

  function showFace(value) {
    slot("allegiance").querySelectorAll("[data-face]").forEach(function (face) {
      face.hidden = face.dataset.face !== value;
    });
  }

  // A passing note goes at the player's next tap. The tap has already found its target, so
  // the cards moving up under the finger cannot make it miss.
  document.addEventListener("click", function (event) {
    if (event.target.closest("button, a")) clearNote();
  }, true);

  window.addEventListener("online", function () { setOffline(false); sync(); });
  window.addEventListener("offline", function () { setOffline(true); });

  // ---- The actions panel and the action views, in place -----------------------------------

  const panel = document.getElementById("actions-panel");
  const opener = document.querySelector("[data-open-panel]");

  function openPanel() {
    panel.hidden = false;
    body.classList.add("panel-open");
    document.querySelector(".bar").inert = true;
    hand.inert = true;
    panel.querySelector(".action-link").focus();
  }

  function closePanel() {
    panel.hidden = true;
    body.classList.remove("panel-open");
    document.querySelector(".bar").inert = false;
    hand.inert = false;
  }

  // What the phone shows now, in place of the whole hand: an action's view (from the panel),
  // or what an act just showed the table. Kept, to show it again over new cards.
  let viewing = null;

  function showAction(link, keepFocus) {
    viewing = null;
    showView({
      shows: link.dataset.shows ? link.dataset.shows.split(" ") : [],
      kicker: link.dataset.kicker || "",
      label: link.dataset.label,
      action: link.dataset.action,
    }, keepFocus);
  }

  // After an act of the round (a conversion, a robot's action, a reaction, a proof, a
  // reveal by voice), the phone shows exactly what that act showed the table, under the
  // act's name, until its player taps Back to cards: it never goes to the whole hand by
  // itself while it may be held up to the camera.
  function showAct(shown, keepFocus) {
    viewing = shown;
    showView({
      shows: shown.parts,
      kicker: word("onBoard", "On the board"),
      label: shown.label,
      action: "act",
    }, keepFocus);
    if (shown.allegiance) showFace(shown.allegiance);
    const revealForm = hand.querySelector("[data-reveal]");
    if (revealForm) revealForm.hidden = true;
    offerTakeBack(shown.until);
  }

  // By voice, what was just revealed may be taken back for a few seconds (a mis-tap), right
  // beside it: the server says until when.
  function offerTakeBack(until) {
    const form = hand.querySelector("[data-take-back]");
    if (!form) return;
    form.hidden = !until;
    if (until) form.dataset.until = String(until);
    else delete form.dataset.until;
  }

  function showView(view, keepFocus) {
    const shows = view.shows;
    closePanel();
    body.dataset.focus = "true";
    body.dataset.shows = String(shows.length);
    PARTS.forEach(function (part) {
      slot(part).dataset.inAction = shows.indexOf(part) !== -1 ? "true" : "false";
    });
    const focusTitle = document.getElementById("focus-title");
    focusTitle.textContent = "";
    if (view.kicker) {
      const kicker = document.createElement("span");
      kicker.className = "reveal-phase";
      kicker.textContent = view.kicker;
      focusTitle.append(kicker, " ");
    }
    focusTitle.append(view.label);
    document.getElementById("focus-banner").hidden = false;
    body.dataset.action = view.action;
    offerTakeBack(null);
    const revealForm = hand.querySelector("[data-reveal]");
    if (revealForm) {
      revealForm.elements.namedItem("action").value = view.action;
      revealForm.hidden = shows.length === 0;
      const button = revealForm.querySelector(".reveal-button");
      delete button.dataset.done;
      button.textContent = word("reveal", "Reveal to the table");
      const cheat = revealForm.querySelector("[data-cheat]");
      if (cheat) {
        // The actions in which CheatBot may show another allegiance, as the server says.
        cheat.hidden = cheat.dataset.cheat.split(" ").indexOf(view.action) === -1;
        const picked = cheat.querySelector("input:checked");
        if (!cheat.hidden && picked) showFace(picked.value);
      }
    }
    hand.dataset.nothing = shows.length === 0 ? "true" : "false";
    if (!keepFocus) focusTitle.focus();
  }

  function closeFocus() {
    viewing = null;
    delete body.dataset.focus;
    delete body.dataset.shows;
    delete body.dataset.action;
    document.getElementById("focus-banner").hidden = true;
    const revealForm = hand.querySelector("[data-reveal]");
    if (revealForm) {
      const cheat = revealForm.querySelector("[data-cheat]");
      if (cheat) {
        // Back to the true allegiance, and to showing it next time unless CheatBot picks again.
        const truth = slot("allegiance").dataset.allegiance;
        cheat.querySelectorAll("input").forEach(function (input) { input.checked = input.value === truth; });
        showFace(truth);
      }
    }
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
    enterAction(link);
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-close-focus]")) history.back();
    // A conducted round's buttons that open an action view (Convert, Robot, a reaction).
    const opener = event.target.closest("[data-open-action]");
    if (!opener) return;
    const link = panel.querySelector('[data-action="' + opener.dataset.openAction + '"]');
    if (!link) return;
    event.preventDefault();
    enterAction(link);
  });
  // An action's view is one step from the cards: opened from an act's view (a claim's
  // power, then Convert), it takes that view's place, so that Back to cards goes to the
  // cards.
  function enterAction(link) {
    const state = { action: link.dataset.action };
    if (history.state && history.state.shown) history.replaceState(state, "", link.href);
    else history.pushState(state, "", link.href);
    showAction(link);
  }
  window.addEventListener("popstate", function (event) {
    if (event.state && event.state.shown) {
      showAct(event.state.shown);
    } else if (event.state && event.state.action) {
      showAction(panel.querySelector('[data-action="' + event.state.action + '"]'));
    } else if (body.dataset.focus) {
      closeFocus();
    }
  });

  // An act's view: in place of the action's view it came from (Back to cards returns to the
  // cards, not to the action), or a step of its own from the cards.
  // A state of the card view's own address, which a reload comes back to.
  const cardsUrl = location.pathname + location.search;
  function actShown(shown) {
    shown = Object.assign({}, shown, { round: hand.dataset.round });  // this deal's act
    const state = { shown: shown };
    if (body.dataset.focus) history.replaceState(state, "", cardsUrl);
    else history.pushState(state, "", cardsUrl);
    showAct(shown);
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    if (!panel.hidden) { closePanel(); opener.focus(); }
    else if (body.dataset.focus) history.back();
  });
  // A reload in an act's view (same deal) comes back to it, for the camera.
  const kept = history.state && history.state.shown;
  if (kept && kept.round === hand.dataset.round) showAct(kept, true);
  else history.replaceState(null, "", location.href);

  // ---- Keep the screen awake while the cards are open ------------------------------------

  const wakeButton = document.querySelector("[data-wake]");
  let wakeLock = null;
  let wakeWanted = true;
  try { wakeWanted = localStorage.getItem("evilrobots:wake") !== "off"; } catch (e) { /* default */ }
  let toldAboutWake = false;
  try { toldAboutWake = sessionStorage.getItem("evilrobots:wake-told") === "yes"; } catch (e) { /* */ }

  function showWake() {
    wakeButton.setAttribute("aria-pressed", wakeWanted ? "true" : "false");
    wakeButton.dataset.held = wakeLock ? "true" : "false";
  }

  function acquireWake() {
    if (!wakeWanted || wakeLock || document.visibilityState !== "visible") return;
    navigator.wakeLock.request("screen").then(function (lock) {
      if (!toldAboutWake && !offline) {
        say(word("wakeTold", "Your screen stays on. Tap Screen to let it sleep."), "note");
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

  // Drawn by the server where the page is secure; without a wake lock its place stays empty.
  if (!(navigator.wakeLock && typeof navigator.wakeLock.request === "function")) {
    wakeButton.dataset.unavailable = "true";
  } else {
    wakeButton.hidden = false;
    wakeButton.addEventListener("click", function () {
      wakeWanted = !wakeWanted;
      toldAboutWake = true;
      if (!offline) say(wakeWanted ? word("wakeOn", "Screen stays on.") : word("wakeOff", "Screen may sleep as usual."), "note");
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
  armUndo();
  // Taken back: nothing more to take back, in this hand or in one a live update brings
  // (whichever comes first, the answer or the update).
  function tookBack() {
    if (viewing) viewing = Object.assign({}, viewing, { until: null });
    if (history.state && history.state.shown) {
      history.replaceState({ shown: viewing }, "", location.href);
    }
    offerTakeBack(null);
  }
  // No card face up, and why (a moment of this phone's own is over: live.js).
  function over(why) { viewing = null; showView({ shows: [], label: why, action: "over" }, true); }
  window.evilrobots = { swapHand: swapHand, say: say, showAct: actShown, tookBack: tookBack, over: over };
})();

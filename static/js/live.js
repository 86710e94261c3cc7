// The table's pages: live updates, a second tap for controls that change the game for
// everyone, and copying or sharing a link.
//
// Live: the server sends each viewer its own view (Server-Sent Events). The seat page gets
// its table section and, when its cards change (a deal, a swap, the end of the round), its
// new card view; the board gets the board. A dropped connection reconnects by itself and the
// server sends whatever was missed (the browser says the last version it saw). Without this
// script every page shows the table as it was when loaded, and every control still works.
"use strict";

(function () {
  // The page's words for what this script says, in the page's language (its JSON is empty,
  // or absent, in English: each word's English is here).
  const WORDS = (function () {
    try { return JSON.parse(document.getElementById("words").textContent); } catch (e) { return {}; }
  })();
  function word(key, english) { return WORDS[key] || english; }
  // A word with its {placeholders} filled in: fill("seconds", "{seconds} s", {seconds: 5}).
  function fill(key, english, values) {
    return word(key, english).replace(/\{(\w+)\}/g, function (whole, name) {
      return name in values ? String(values[name]) : whole;
    });
  }

  // ---- A tap that cannot reach the table says so, at once ----------------------------------
  // Offline, a tap for the table is not kept for later (by then its moment may be over): it
  // is not sent, and a note says so at once; the player taps again once the phone is back.
  // (What the player hides or shows on the cards is kept: app.js.) The note of a tap in the
  // strip or the cards goes in the cards' notes' row; of any other, right under its control,
  // in the page's flow. Never over a control; it goes at the player's next tap.

  function notSent(form, said) {
    const text = said || word("notSent", "Not sent: no connection. Tap again once you are back online.");
    if (window.evilrobots && document.getElementById("status") && form.closest("#round-now, #hand")) {
      window.evilrobots.say(text, "alert");
      return;
    }
    let note = form.nextElementSibling;
    if (!note || !note.classList.contains("not-sent")) {
      note = document.createElement("p");
      note.className = "not-sent";
      note.setAttribute("role", "alert");
      form.after(note);
    }
    note.textContent = text;
  }
  document.addEventListener("not-sent", function (event) { notSent(event.target); });
  function TooMany(text) { this.text = text; }
  document.addEventListener("click", function (event) {
    if (!event.target.closest("button, a")) return;
    document.querySelectorAll(".not-sent").forEach(function (note) { note.remove(); });
  }, true);
  document.addEventListener("submit", function (event) {
    const form = event.target;
    const posted = (form.getAttribute("method") || "").toLowerCase() === "post";
    if (navigator.onLine || !posted || form.dataset.enhance || form.hasAttribute("data-needs-network")) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    notSent(form);
  }, true);

  // ---- A second tap, within 4 seconds, for what changes the game for everyone ------------

  function arm(form) {
    const button = form.querySelector("button[type=submit]");
    const label = button.innerHTML;
    form.dataset.armed = "true";
    button.textContent = form.dataset.confirm;
    setTimeout(function () {
      delete form.dataset.armed;
      button.innerHTML = label;
    }, 4000);
  }

  // ---- The split: a running total against the round's value -----------------------------
  // Propose is offered once the shares add up (the server checks again).

  function splitTotals() {
    document.querySelectorAll("[data-split-total]").forEach(function (total) {
      const form = total.closest("form");
      const value = Number(total.dataset.splitTotal);
      let sum = 0;
      form.querySelectorAll("input[type=number]").forEach(function (input) {
        sum += Number.parseInt(input.value, 10) || 0;
      });
      total.querySelector("output").textContent = fill("sharesOf", "{shared} of {value}", { shared: sum, value: value });
      form.querySelector("button[type=submit]").disabled = sum !== value;
    });
  }
  document.addEventListener("input", function (event) {
    const form = event.target.closest("form");
    if (form && form.querySelector("[data-split-total]")) splitTotals();
  });
  splitTotals();

  // What a form does, to find it again once a live update has drawn it anew.
  function formKey(form) {
    return form.getAttribute("action") + "?" + new URLSearchParams(new FormData(form));
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.dataset.confirm || form.dataset.armed) return;
    event.preventDefault();
    arm(form);
  }, true);

  // A plain form goes once: a second tap while its page loads sends nothing (the server
  // refuses a form that lands twice all the same). Free again after a few seconds, in case
  // the first never arrived.
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (event.defaultPrevented || form.hasAttribute("data-act")) return;
    if (form.dataset.sent) { event.preventDefault(); return; }
    form.dataset.sent = "true";
    setTimeout(function () { delete form.dataset.sent; }, 5000);
  });

  // ---- Copy a link, or hand it to the phone's share sheet (for the call's chat) -----------

  function offerSharing() {
    const canCopy = Boolean(navigator.clipboard && window.isSecureContext);
    document.querySelectorAll("[data-share]").forEach(function (el) {
      el.hidden = !(canCopy || navigator.share);
    });
    document.querySelectorAll("[data-copy]").forEach(function (el) { el.hidden = !canCopy; });
    document.querySelectorAll("[data-share-link]").forEach(function (el) {
      el.hidden = !navigator.share;
    });
  }

  document.addEventListener("click", function (event) {
    const copy = event.target.closest("[data-copy]");
    if (copy) {
      navigator.clipboard.writeText(copy.dataset.copy).then(function () {
        copy.textContent = word("linkCopied", "Link copied");
      });
    }
    const share = event.target.closest("[data-share-link]");
    if (share) {
      navigator.share({ title: word("shareTitle", "Evil Robots table"), url: share.dataset.shareLink })
        .catch(function () { /* the player closed the share sheet */ });
    }
  });

  offerSharing();

  // ---- The round's acts, sent without a page load ------------------------------------------
  // A form of the conducted round (marked data-act) is sent in the background; the live
  // update that follows redraws the page. The phone then shows what the act showed the
  // table, in place of its cards, until its player taps Back to cards. If anything but the
  // network fails, the form is sent the plain way, so the player sees the server's
  // explanation.

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.hasAttribute("data-act") || event.defaultPrevented) return;
    event.preventDefault();
    const data = new URLSearchParams(new FormData(form, event.submitter));
    const buttons = form.querySelectorAll("button");
    buttons.forEach(function (button) { button.disabled = true; });
    fetch(form.getAttribute("action"), {
      method: "POST",
      body: data,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    }).then(function (response) {
      if (response.status === 429) {
        // A limit met: said where the tap was, in the server's words (which limit, when to
        // try again), never as a lost connection; the page stays as it is.
        return response.json().catch(function () { return {}; }).then(function (answer) {
          throw new TooMany(answer.error || word("tooMany", "Too many taps: try again in a minute."));
        });
      }
      if (!response.ok) throw new Error("HTTP " + response.status);
      buttons.forEach(function (button) { button.disabled = false; });
      return response.json();
    }).then(function (answer) {
      if (form.hasAttribute("data-take-back")) {
        form.hidden = true;
        if (window.evilrobots) {
          window.evilrobots.tookBack();
          window.evilrobots.say(word("takenBack", "Taken back: the board shows it struck through."), "note");
        }
        return;
      }
      // What the act showed the table, held up in place of the cards.
      if (answer && answer.shown && window.evilrobots) window.evilrobots.showAct(answer.shown);
    }).catch(function (error) {
      buttons.forEach(function (button) { button.disabled = false; });
      if (error instanceof TypeError) notSent(form);
      else if (error instanceof TooMany) notSent(form, error.text);
      else form.submit();
    });
  });

  // ---- Timers: counted down on the phone from the server's deadline -------------------------
  // The server says when each timer runs out, in its own clock, and what its clock read when
  // it said so: the phone counts down from there, whatever its own clock says.

  let skew = 0;
  function setClock(serverSeconds) {
    if (serverSeconds) skew = Number(serverSeconds) - Date.now() / 1000;
  }
  function showTimers() {
    const now = Date.now() / 1000 + skew;
    document.querySelectorAll(".timer[data-deadline]").forEach(function (timer) {
      const left = Math.max(0, Math.ceil(Number(timer.dataset.deadline) - now));
      const text = fill("seconds", "{seconds} s", { seconds: left });
      if (timer.textContent !== text) timer.textContent = text;
    });
    // What may be done only until a moment (taking a reveal back) goes when it passes.
    document.querySelectorAll("[data-until]").forEach(function (until) {
      const over = now > Number(until.dataset.until);
      if (until.hidden !== over) until.hidden = over;
    });
  }

  // ---- Live updates ----------------------------------------------------------------------

  const live = document.getElementById("table-live") || document.getElementById("board") ||
    document.getElementById("move-watch");
  if (live) setClock(live.dataset.clock);
  showTimers();
  setInterval(showTimers, 250);
  if (!live || !window.EventSource) return;


  // Replace a region's contents, keeping the focus on the same control if it is still there.
  // A control waiting for its second tap stays waiting through the update.
  function replace(region, html) {
    const focused = document.activeElement;
    const key = focused && region.contains(focused) ? focused.outerHTML : null;
    const armed = Array.from(region.querySelectorAll("form[data-armed]"), formKey);
    region.innerHTML = html;
    splitTotals();
    region.querySelectorAll("form[data-confirm]").forEach(function (form) {
      if (armed.includes(formKey(form))) arm(form);
    });
    if (key) {
      for (const el of region.querySelectorAll(focused.tagName)) {
        if (el.outerHTML === key) { el.focus(); break; }
      }
    }
    offerSharing();
  }

  function onSeat(event) {
    if (live.id === "move-watch") return; // the move page waits only for the seat to go
    const data = JSON.parse(event.data);
    live.dataset.version = event.lastEventId;
    setClock(data.clock);
    // An event carries only the parts that changed since the last one.
    if ("live" in data) replace(live, data.live);
    const now = document.getElementById("round-now");
    if (now && "now" in data) {
      now.hidden = !data.now;
      if (data.now) replace(now, data.now);
      heed(now);
    }
    showTimers();
    const next = document.getElementById("host-next");
    if (next && "next" in data) { replace(next, data.next); padForPinned(); }
    const round = document.getElementById("seat-round");
    // The round's label changes when the game moves to another phase (a deal, the round's end,
    // the game's): the page then shows what is happening now, at its top.
    const newPhase = round && "round" in data && round.textContent !== data.round;
    if (round && "round" in data) round.textContent = data.round;
    // The banner is a status region: change it only when what it says changes, so a
    // screen reader announces it once.
    const banner = document.getElementById("seat-banner");
    if (banner && "banner" in data) {
      const said = document.createElement("template");
      said.innerHTML = data.banner;
      if (banner.textContent.trim() !== said.content.textContent.trim()) {
        replace(banner, data.banner);
      }
    }
    if (data.hand_key !== live.dataset.handKey) {
      const before = live.dataset.handKey.split(":");
      const after = data.hand_key.split(":");
      const newRound = after[0] !== before[0];
      // A new deal, or the end of the round, brings the cards into view; anything else (a
      // swap, what the action views offer) leaves the phone in the view its player chose.
      const moving = newRound || (after[4] === "ended" && before[4] !== "ended");
      live.dataset.handKey = data.hand_key;
      // An action's view holding this phone's acts of a moment (its turn, a proof, a window,
      // a tie) closes when that moment is over, by time or by anyone's act: no card face up.
      const action = document.body.dataset.focus && document.body.dataset.action;
      const actsFor = action && '[data-for-action="' + action + '"]';
      const over = actsFor && !moving && document.querySelector("#hand " + actsFor) &&
        !document.createRange().createContextualFragment(data.hand || "").querySelector(actsFor);
      // Out of a view of its own as the game moves on (its history steps back): then the top.
      if (moving && document.body.dataset.focus) {
        addEventListener("popstate", backToTop, { once: true });
      }
      if (window.evilrobots && data.hand) {
        window.evilrobots.swapHand(data.hand, moving);
        if (over) {
          const note = document.querySelector("#round-now .now-note");
          window.evilrobots.over((note && note.textContent.trim()) || word("moveOver", "Your move is over."));
        }
        if (newRound) {
          // A phone left reading the count below: the new cards are at the top.
          window.scrollTo({ top: 0, behavior: "instant" });
          const round = document.getElementById("seat-round").textContent;
          window.evilrobots.say(fill("dealt", "{round} dealt: these are your new cards.", { round: round }), "note");
        }
      } else {
        location.reload(); // the first deal since the page opened: load the card view
      }
    }
    // Not in a view of its own (an act's, an action's: those close by themselves when the
    // phase changes, to the top), the phone goes to the top, whatever anchor an earlier act
    // left in its address.
    if (newPhase && !document.body.dataset.focus) backToTop();
  }

  // The host's next step is pinned at the top: what a link of the page leads to (the count)
  // lands below it, however tall the step's words make it.
  function padForPinned() {
    const next = document.getElementById("host-next");
    const pinned = next && next.querySelector("form");
    document.documentElement.style.scrollPaddingTop = pinned ? next.offsetHeight + 8 + "px" : "";
  }
  padForPinned();
  addEventListener("resize", padForPinned);

  // The page's top, without an anchor an earlier act left in its address.
  function backToTop() {
    if (location.hash) history.replaceState(history.state, "", location.pathname + location.search);
    window.scrollTo({ top: 0, behavior: "instant" });
  }

  // ---- What the strip says, to a screen reader and to the hand -------------------------
  // A screen reader hears each change of the strip once, short ("Power 5", "Your turn"),
  // never its seconds: the strip's own words stay out of the live region. When this phone's
  // move comes (its call, its turn, its proof, its answer), it vibrates, unless its player
  // turned that off.

  const announcer = document.getElementById("now-say");
  let said = "";
  let wasDue = false;
  function heed(now) {
    const marker = now.hidden ? null : now.querySelector("[data-say]");
    const say = marker ? marker.dataset.say : "";
    if (announcer && say && say !== said) announcer.textContent = say;
    said = say;
    const due = Boolean(marker && marker.hasAttribute("data-due"));
    if (due && !wasDue && vibrating() && navigator.vibrate) navigator.vibrate([120, 60, 120]);
    wasDue = due;
  }

  function vibrating() {
    try { return localStorage.getItem("evilrobots:vibrate") !== "off"; } catch (e) { return true; }
  }
  document.querySelectorAll("[data-vibrate]").forEach(function (button) {
    button.hidden = !navigator.vibrate;
    button.setAttribute("aria-pressed", vibrating() ? "true" : "false");
    button.addEventListener("click", function () {
      const on = !vibrating();
      try { localStorage.setItem("evilrobots:vibrate", on ? "on" : "off"); } catch (e) { /* */ }
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  });
  const strip = document.getElementById("round-now");
  if (strip) {
    const marker = strip.hidden ? null : strip.querySelector("[data-say]");
    said = marker ? marker.dataset.say : "";  // the page says it: not announced again
    wasDue = Boolean(marker && marker.hasAttribute("data-due"));
  }

  function onBoard(event) {
    const data = JSON.parse(event.data);
    if (data.lang && data.lang !== document.documentElement.lang) {
      location.reload();  // the host's phone speaks another language now: so does the board
      return;
    }
    live.dataset.version = event.lastEventId;
    setClock(data.clock);
    replace(live, data.board);
    showTimers();
    fitLog();
  }

  // The board's log, on a shared screen, shows its newest act whole, however long, and as
  // many older ones as fit wholly under it: an older act that would be cut at the foot makes
  // way; a newest act longer than the room left takes a smaller size, down to what a call
  // still reads (20 px), and then the log's heading makes way too. The log's box ends where
  // its column's room does: the scores under it stay whole.
  const SMALLEST = 20;
  function fitLog() {
    const list = document.querySelector(".board-reveals .reveal-list");
    if (!list || !list.firstElementChild) return;
    const entries = Array.from(list.children);
    entries.forEach(function (entry) { entry.hidden = false; });
    const newest = entries[0];
    const log = list.closest(".board-reveals");
    newest.style.fontSize = "";
    log.classList.remove("log-full");
    const cut = function () {
      return newest.getBoundingClientRect().bottom > list.getBoundingClientRect().bottom + 1;
    };
    let size = parseFloat(getComputedStyle(newest).fontSize);
    while (size > SMALLEST && cut()) {
      size = Math.max(SMALLEST, size - 1);
      newest.style.fontSize = size + "px";
    }
    if (cut()) log.classList.add("log-full");
    const foot = list.getBoundingClientRect().bottom;
    entries.slice(1).forEach(function (entry) {
      if (entry.getBoundingClientRect().bottom > foot + 1) entry.hidden = true;
    });
  }
  fitLog();
  addEventListener("resize", fitLog);

  // The seat was removed or moved to another phone: show what this phone may. (When this
  // phone is itself leaving, its own navigation is already under way.)
  let leaving = false;
  let source = null;
  addEventListener("beforeunload", function () {
    leaving = true;
    source.close();
    // Still here a moment later: the navigation was called off, so keep following.
    setTimeout(function () { leaving = false; connect(); }, 3000);
  });
  function onGone() {
    source.close();
    if (leaving) return;
    if (live.dataset.goneUrl) location.href = live.dataset.goneUrl;
    else location.reload();
  }

  // A dropped connection reconnects by itself, asking for what it missed. A connection the
  // server refused (the tables out of reach for a moment, or a proxy with no server behind
  // it) the browser gives up on: ask again, a little later each time, unless the table
  // itself is gone (then the reloaded page says so).
  let delay = 2000;
  function connect() {
    const url = new URL(live.dataset.eventsUrl, location.href);
    url.searchParams.set("v", live.dataset.version);
    source = new EventSource(url);
    source.addEventListener("seat", onSeat);
    source.addEventListener("board", onBoard);
    source.addEventListener("gone", onGone);
    source.addEventListener("open", function () { delay = 2000; });
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED || leaving) return;
      setTimeout(function () {
        fetch(url, { method: "HEAD", cache: "no-store" }).then(function (response) {
          if (response.status === 404) location.reload();
          else connect();
        }, connect);
      }, delay + Math.random() * delay);
      delay = Math.min(2 * delay, 30000);
    });
  }
  connect();
})();

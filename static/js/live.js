// Keeps a table's pages live: the seat page and the board follow the table's events.
//
// The server sends each viewer its own view (Server-Sent Events): the seat page gets its
// table section and, when its cards change (a new deal), its new card view; the board gets
// the board. A dropped connection reconnects by itself and the server sends whatever was
// missed (the browser says the last version it saw). Without this script every page shows
// the table as it was when loaded.
"use strict";

(function () {
  const live = document.getElementById("table-live") || document.getElementById("board");
  if (!live || !window.EventSource) return;

  const url = new URL(live.dataset.eventsUrl, location.href);
  url.searchParams.set("v", live.dataset.version);
  const source = new EventSource(url);

  // Replace a region's contents, keeping the focus on the same control if it is still there.
  function replace(region, html) {
    const focused = document.activeElement;
    const key = focused && region.contains(focused) ? focused.outerHTML : null;
    region.innerHTML = html;
    if (key) {
      for (const el of region.querySelectorAll(focused.tagName)) {
        if (el.outerHTML === key) { el.focus(); break; }
      }
    }
  }

  source.addEventListener("seat", function (event) {
    const data = JSON.parse(event.data);
    live.dataset.version = event.lastEventId;
    replace(live, data.live);
    const round = document.getElementById("seat-round");
    if (round) round.textContent = data.round ? "Round " + data.round : "No deal yet";
    if (data.hand_key !== live.dataset.handKey) {
      live.dataset.handKey = data.hand_key;
      if (window.evilrobots && data.hand) window.evilrobots.swapHand(data.hand);
      else location.reload(); // the first deal since the page opened: load the card view
    }
  });

  source.addEventListener("board", function (event) {
    live.dataset.version = event.lastEventId;
    replace(live, JSON.parse(event.data).board);
  });

  // The seat was removed or moved to another phone: show what this phone may. (When this
  // phone is itself leaving, its own navigation is already under way.)
  let leaving = false;
  addEventListener("beforeunload", function () { leaving = true; source.close(); });
  source.addEventListener("gone", function () {
    source.close();
    if (!leaving) location.reload();
  });
})();

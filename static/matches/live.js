/* The match page, live: a move, a post or a takeback shows on every open page of the match without a reload.
 *
 * The server pushes "the match changed" as server-sent events (GET /partien/<id>/live/, matches/views_live.py);
 * the page then fetches itself and replaces each part ([data-live]) whose key (data-live-key) changed. The move
 * form and the board are keyed by the position, so a post does not undo a half-chosen move, and the text being
 * typed into a post is never touched. Where no stream is served (204, or no EventSource), the page polls the
 * match's revision (GET /partien/<id>/stand/) every few seconds instead, and not while the tab is hidden.
 * Without JavaScript the page has its "Neu laden" link. */
(function () {
  "use strict";
  var root = document.getElementById("partie");
  if (!root || !window.fetch || !window.DOMParser) { return; }
  if (root.dataset.status === "finished" || root.dataset.status === "aborted") { return; }

  var POLL_MS = 4000;
  var fetching = false;
  var again = false;
  var pollTimer = null;
  var source = null;

  function announce(text) {
    var box = root.querySelector("[data-live-announce]");
    if (box) { box.textContent = ""; box.textContent = text; }
  }

  /* Put the new part in place; the focused element keeps its focus if the new part has it again (by id). */
  function replace(old, fresh) {
    var focused = document.activeElement;
    var focusId = focused && old.contains(focused) ? focused.id : "";
    var imported = document.importNode(fresh, true);
    old.replaceWith(imported);
    if (focusId) {
      var target = document.getElementById(focusId);
      if (target) { target.focus({ preventScroll: true }); }
    }
  }

  function apply(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var next = doc.getElementById("partie");
    if (!next) { return; }
    var changed = false;
    doc.querySelectorAll("[data-live]").forEach(function (fresh) {
      var old = document.querySelector('[data-live="' + fresh.dataset.live + '"]');
      if (old && old.dataset.liveKey !== fresh.dataset.liveKey) {
        replace(old, fresh);
        changed = true;
      }
    });
    root.dataset.rev = next.dataset.rev;
    root.dataset.status = next.dataset.status;
    document.title = doc.title;
    if (changed) {
      var last = document.querySelector("[data-last-move] li");
      announce(last ? last.textContent.trim() : (root.querySelector("[data-live-announce]") || {}).dataset.tUpdated);
      document.dispatchEvent(new CustomEvent("bruchtal:updated"));
    }
  }

  function refresh() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(window.location.pathname + window.location.search, {
      credentials: "same-origin",
      headers: { Accept: "text/html", "X-Requested-With": "live" }
    }).then(function (r) { return r.ok ? r.text() : null; }).then(function (html) {
      if (html) { apply(html); }
    }).catch(function () { /* the next change or poll tries again */ }).then(function () {
      fetching = false;
      if (again) { again = false; refresh(); }
    });
  }

  function checkRevision(rev) {
    if (rev && rev !== root.dataset.rev) { refresh(); }
  }

  function poll() {
    pollTimer = null;
    if (document.hidden) { pollTimer = setTimeout(poll, POLL_MS); return; }
    fetch(root.dataset.revUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) { checkRevision(data.rev); } })
      .catch(function () { /* try again at the next turn of the poll */ })
      .then(function () { if (!source && !pollTimer) { pollTimer = setTimeout(poll, POLL_MS); } });
  }

  function startPolling() {
    source = null;
    root.dataset.liveState = "poll";
    if (!pollTimer) { pollTimer = setTimeout(poll, POLL_MS); }
  }

  function listen() {
    if (!window.EventSource || !root.dataset.liveUrl) { startPolling(); return; }
    source = new EventSource(root.dataset.liveUrl);
    source.addEventListener("rev", function (event) {
      root.dataset.liveState = "stream";
      try { checkRevision(JSON.parse(event.data).rev); } catch (e) { refresh(); }
    });
    source.addEventListener("changed", refresh);
    source.addEventListener("error", function () {
      // CLOSED: the server serves no stream here (204) or refused it; else EventSource reconnects by itself
      if (source && source.readyState === EventSource.CLOSED) { source.close(); startPolling(); }
    });
  }

  // Coming back to a hidden tab: catch up at once.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !source) {
      if (pollTimer) { clearTimeout(pollTimer); pollTimer = null; }
      poll();
    }
  });
  listen();
})();

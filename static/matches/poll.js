// Light polling for the match page: reload when the match moved on (new version or status).
// Every 4 s while my move is being resolved, else every 20 s; stops when the tab is hidden.
(function () {
  "use strict";
  var root = document.getElementById("partie");
  if (!root || !window.fetch) return;
  var url = root.dataset.stateUrl;
  var version = root.dataset.version;
  var status = root.dataset.status;
  var delay = root.dataset.pending ? 4000 : 20000;
  if (status === "finished" || status === "aborted") return;

  function typing() {
    var el = document.activeElement;
    return el && (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && el.type === "text")) && el.value;
  }

  function resolved(moves) {
    return Array.isArray(moves) && moves.length && moves[0].status !== "pending";
  }

  function check() {
    if (document.hidden) { setTimeout(check, delay); return; }
    if (root.dataset.movesUrl) {
      fetch(root.dataset.movesUrl, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (moves) {
          if (resolved(moves) && !typing()) { window.location.reload(); return; }
          setTimeout(check, delay);
        })
        .catch(function () { setTimeout(check, delay * 2); });
      return;
    }
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        var changed = data && (String(data.version) !== version || data.status !== status);
        if (changed && !typing()) { window.location.reload(); return; }
        setTimeout(check, delay);
      })
      .catch(function () { setTimeout(check, delay * 2); });
  }
  setTimeout(check, delay);
})();

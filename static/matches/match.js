/* Match pages: confirmation dialogs (resign, abandon) and the replay's arrow keys.
 * Without JavaScript the links open a confirmation page and the replay has plain links. */
(function () {
  "use strict";

  function initDialogs() {
    document.querySelectorAll("[data-confirm-dialog]").forEach(function (link) {
      if (link.dataset.dialogReady) { return; }  // once per link (the live update brings new ones)
      link.dataset.dialogReady = "1";
      var dialog = document.getElementById(link.dataset.confirmDialog);
      if (!dialog || typeof dialog.showModal !== "function") { return; }
      link.addEventListener("click", function (event) {
        event.preventDefault();
        dialog.showModal();
        var cancel = dialog.querySelector("[data-close-dialog]");
        if (cancel) { cancel.focus(); }  // the safe choice first
      });
      dialog.querySelectorAll("[data-close-dialog]").forEach(function (button) {
        button.addEventListener("click", function () { dialog.close(); link.focus(); });
      });
    });
  }

  function initReplay() {
    var nav = document.querySelector("[data-replay-nav]");
    if (!nav) { return; }
    var keys = {
      ArrowLeft: "[data-replay-prev]",
      ArrowRight: "[data-replay-next]",
      Home: "[data-replay-first]",
      End: "[data-replay-last]"
    };
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      if (target.closest && (target.closest("input, textarea, select, .zt-board"))) { return; }
      var selector = keys[event.key];
      if (!selector) { return; }
      var link = nav.querySelector(selector);
      if (link) {
        event.preventDefault();
        window.location.href = link.href;
      }
    });
    var current = document.querySelector("[data-current-step]");
    if (current && current.scrollIntoView) { current.scrollIntoView({ block: "nearest" }); }
  }

  function init() {
    initDialogs();
    initReplay();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  document.addEventListener("bruchtal:updated", initDialogs);  // parts replaced by static/matches/live.js
})();

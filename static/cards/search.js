// The card search's filter panel is folded on phones (results first) and open on wide screens.
(function () {
  "use strict";
  var wide = window.matchMedia("(min-width: 48rem)");
  document.querySelectorAll("details[data-open-wide]").forEach(function (details) {
    if (wide.matches) { details.open = true; }
  });
})();

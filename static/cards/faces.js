// Card scans fall back to the generated SVG face when the scan cannot be loaded.
(function () {
  "use strict";
  function fallBack(img) {
    var svg = img.getAttribute("data-fallback");
    if (svg && img.getAttribute("src") !== svg) {
      img.removeAttribute("data-fallback");
      img.setAttribute("src", svg);
    }
  }
  // error events do not bubble: listen in the capture phase for images that fail later (lazy loading).
  document.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target.tagName === "IMG" && target.hasAttribute("data-fallback")) { fallBack(target); }
  }, true);
  function checkLoaded() {
    document.querySelectorAll("img[data-fallback]").forEach(function (img) {
      if (img.complete && img.naturalWidth === 0) { fallBack(img); }
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", checkLoaded); } else { checkLoaded(); }
})();

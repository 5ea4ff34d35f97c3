// Progressive enhancement: a line-number gutter beside the pasted deck list, so "Zeile 7" is easy to find.
// Lines the preview could not read are marked in the gutter, and each error's "zur Zeile" button selects its line.
(function () {
  var area = document.getElementById("id_text");
  if (!area) return;
  var wrap = document.createElement("div");
  wrap.className = "numbered";
  var gutter = document.createElement("pre");
  gutter.className = "numbered-gutter";
  gutter.setAttribute("aria-hidden", "true");
  area.parentNode.insertBefore(wrap, area);
  wrap.appendChild(gutter);
  wrap.appendChild(area);
  var buttons = document.querySelectorAll("[data-show-line]");
  var bad = {};
  buttons.forEach(function (b) { bad[b.getAttribute("data-show-line")] = true; });
  var edited = false;

  function render() {
    var count = area.value.split("\n").length;
    gutter.textContent = "";
    for (var i = 1; i <= count; i++) {
      var number = document.createElement("span");
      number.textContent = String(i);
      // The marks belong to the text the preview read; once it is edited they may point at the wrong line.
      if (bad[i] && !edited) number.className = "numbered-bad";
      gutter.appendChild(number);
      if (i < count) gutter.appendChild(document.createTextNode("\n"));
    }
    gutter.scrollTop = area.scrollTop;
  }

  function showLine(number) {
    var lines = area.value.split("\n");
    if (number < 1 || number > lines.length) return;
    var start = 0;
    for (var i = 0; i < number - 1; i++) start += lines[i].length + 1;
    area.focus();
    area.setSelectionRange(start, start + lines[number - 1].length);
    // Scroll the line into view: the height of one line times the lines above it, a little above the middle.
    var lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (number - 3) * lineHeight);
    gutter.scrollTop = area.scrollTop;
  }

  buttons.forEach(function (b) {
    b.hidden = false;
    b.addEventListener("click", function () { showLine(parseInt(b.getAttribute("data-show-line"), 10)); });
  });
  area.addEventListener("input", function () { edited = true; render(); });
  area.addEventListener("scroll", function () { gutter.scrollTop = area.scrollTop; });
  render();
})();

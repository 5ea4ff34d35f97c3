// Progressive enhancement: a line-number gutter beside the pasted deck list, so "Zeile 7" is easy to find.
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
  function render() {
    var count = area.value.split("\n").length;
    var out = [];
    for (var i = 1; i <= count; i++) out.push(i);
    gutter.textContent = out.join("\n");
    gutter.scrollTop = area.scrollTop;
  }
  area.addEventListener("input", render);
  area.addEventListener("scroll", function () { gutter.scrollTop = area.scrollTop; });
  render();
})();

// Progressive enhancement: fill the datalist from the cards autocomplete API if it exists.
(function () {
  var input = document.querySelector("[data-autocomplete]");
  if (!input || !window.fetch) return;
  var list = document.getElementById(input.getAttribute("list"));
  var timer;
  input.addEventListener("input", function () {
    clearTimeout(timer);
    var q = input.value.trim();
    if (q.length < 2) return;
    timer = setTimeout(function () {
      fetch(input.dataset.autocomplete + "?q=" + encodeURIComponent(q), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data) return;
          var items = Array.isArray(data) ? data : data.results || [];
          list.innerHTML = "";
          items.slice(0, 10).forEach(function (item) {
            var option = document.createElement("option");
            option.value = item.name_de || item.name || item.label || "";
            list.appendChild(option);
          });
        })
        .catch(function () {});
    }, 200);
  });
})();

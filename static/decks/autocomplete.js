// Progressive enhancement: fill the datalist from the cards autocomplete API.
// Cards that share a name (Saruman, Bruchtal …) show set, type and alignment so the right printing is picked.
(function () {
  var input = document.querySelector("[data-autocomplete]");
  if (!input || !window.fetch) return;
  var list = document.getElementById(input.getAttribute("list"));
  var labelsNode = document.getElementById("deck-card-labels");
  var labels = labelsNode ? JSON.parse(labelsNode.textContent) : { types: {}, alignments: {} };
  var timer;
  function describe(item) {
    var parts = [item.set || item.code, labels.types[item.card_type] || item.card_type];
    var alignment = labels.alignments[item.alignment] || item.alignment;
    if (alignment) parts.push(alignment);
    return parts.filter(Boolean).join(" · ");
  }
  input.addEventListener("input", function () {
    clearTimeout(timer);
    var q = input.value.trim();
    if (q.length < 2) return;
    timer = setTimeout(function () {
      fetch(input.dataset.autocomplete + "?q=" + encodeURIComponent(q), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data) return;
          var items = (Array.isArray(data) ? data : data.results || []).slice(0, 10);
          var seen = {};
          items.forEach(function (item) {
            var name = item.name_de || item.name || "";
            seen[name] = (seen[name] || 0) + 1;
          });
          list.innerHTML = "";
          items.forEach(function (item) {
            var option = document.createElement("option");
            var name = item.name_de || item.name || item.label || "";
            option.value = seen[name] > 1 ? name + " (" + item.code + ")" : name;
            option.label = name + " – " + describe(item);
            list.appendChild(option);
          });
        })
        .catch(function () {});
    }, 200);
  });
})();

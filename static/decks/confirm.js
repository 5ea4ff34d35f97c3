// "Löschen" asks first: the browser's confirm dialog, then the POST carries "confirmed".
// Without JavaScript the POST lacks it and the server's delete page asks instead.
(function () {
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute("data-confirm");
    if (!question) return;
    if (!window.confirm(question)) {
      event.preventDefault();
      return;
    }
    if (!form.querySelector("input[name=confirmed]")) {
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "confirmed";
      field.value = "1";
      form.appendChild(field);
    }
  });
})();

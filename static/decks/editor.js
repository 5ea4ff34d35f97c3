// Progressive enhancement for the deck editor: +/– and quantity changes without a full page reload.
// Without JavaScript the same forms post normally and the page reloads.
(function () {
  if (!window.fetch || !window.FormData) return;
  var cards = document.getElementById("deck-cards");
  var check = document.getElementById("deck-check");
  var error = document.getElementById("deck-live-error");
  if (!cards || !check) return;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-live")) return;
    event.preventDefault();
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action") || window.location.pathname, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-Requested-With": "fetch", Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) { return response.json().then(function (data) { return { ok: response.ok, data: data }; }); })
      .then(function (result) {
        if (!result.ok) {
          error.textContent = result.data.error || "";
          error.hidden = false;
          return;
        }
        error.hidden = true;
        cards.innerHTML = result.data.cards;
        check.innerHTML = result.data.check;
      })
      .catch(function () { form.submit(); })
      .finally(function () { buttons.forEach(function (b) { b.disabled = false; }); });
  });
})();

// Progressive enhancement for the deck editor: +/– and quantity changes without a full page reload.
// Without JavaScript the same forms post normally and the page reloads.
(function () {
  if (!window.fetch || !window.FormData) return;
  var cards = document.getElementById("deck-cards");
  var check = document.getElementById("deck-check");
  var stats = document.getElementById("deck-stats");
  var status = document.getElementById("deck-live-status");
  var error = document.getElementById("deck-live-error");
  if (!cards || !check) return;

  // The replaced list loses the focused button: find the same control (same card, part and label) again.
  function focusKey(element) {
    var form = element && element.form;
    if (!form || !cards.contains(form)) return null;
    var field = function (name) { var f = form.querySelector("[name=" + name + "]"); return f ? f.value : ""; };
    return { code: field("code"), part: field("part"), action: field("action"), label: element.getAttribute("aria-label") || element.type };
  }
  function restoreFocus(key) {
    if (!key) return;
    var forms = cards.querySelectorAll("form");
    for (var i = 0; i < forms.length; i++) {
      var form = forms[i];
      var code = form.querySelector("[name=code]"), part = form.querySelector("[name=part]");
      if (!code || code.value !== key.code || !part || part.value !== key.part) continue;
      var target = key.label === "number" ? form.querySelector("input[type=number]") : form.querySelector('button[aria-label="' + CSS.escape(key.label) + '"]');
      if (target) { target.focus(); return; }
    }
    // The card left the deck: keep the keyboard in the list instead of dropping it on the page.
    var heading = document.getElementById("cards-title");
    if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-live")) return;
    event.preventDefault();
    var active = document.activeElement;
    var key = focusKey(active);
    var buttons = form.querySelectorAll("button");
    buttons.forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action") || window.location.pathname, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-Requested-With": "fetch", Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) {
        if (!(response.headers.get("Content-Type") || "").includes("json")) throw new Error("no JSON");
        return response.json().then(function (data) { return { ok: response.ok, data: data }; });
      })
      .then(function (result) {
        buttons.forEach(function (b) { b.disabled = false; });
        if (!result.ok) {
          error.textContent = result.data.error || "";
          error.hidden = false;
          return;
        }
        error.hidden = true;
        cards.innerHTML = result.data.cards;
        check.innerHTML = result.data.check;
        if (stats && result.data.stats) stats.innerHTML = result.data.stats;
        if (status) status.textContent = result.data.status || "";
        if (cards.contains(form) || !document.body.contains(form)) restoreFocus(key);
        else if (active && document.body.contains(active)) active.focus();
      })
      .catch(function () {
        // Anything unexpected (a session that ran out, a network error): fall back to the plain post.
        buttons.forEach(function (b) { b.disabled = false; });
        HTMLFormElement.prototype.submit.call(form);
      });
  });
})();

/* Die Zwei Türme: reachable fields, a move's path, and the action of the move form.
 * Works on the board include (board.html) with either the analysis page ([data-zt-analysis],
 * moves in data-moves), the move form ([data-zt-move], moves from POST /api/zwei-tuerme/analyse/)
 * or the placement form ([data-zt-place]: a click on a free field of Amon Hen chooses it).
 * The board is one tab stop: arrow keys move between its fields (roving tabindex); only fields
 * that can be chosen are buttons. Without JavaScript every page works through its plain form. */
(function () {
  "use strict";

  var SVG_NS = "http://www.w3.org/2000/svg";

  function label(f) { return f[0] + "/" + f[1]; }
  function same(a, b) { return a[0] === b[0] && a[1] === b[1]; }

  function cellAt(board, r, c) {
    return board.querySelector('.zt-cell[data-r="' + r + '"][data-c="' + c + '"]');
  }

  function setPickable(cell, on) {
    if (cell && cell.hasAttribute("tabindex")) { cell.setAttribute("role", on ? "button" : "img"); }
  }

  function clearMarks(board, all) {
    board.querySelectorAll(".zt-step-js").forEach(function (t) { t.remove(); });
    board.querySelectorAll(".zt-field").forEach(function (rect) {
      rect.classList.remove("zt-path", "zt-captured", "zt-pincered");
      if (all) {
        rect.classList.remove("zt-reachable");
        setPickable(rect.parentNode, false);
      }
    });
  }

  function highlight(board, moves) {
    clearMarks(board, true);
    moves.forEach(function (m) {
      var cell = cellAt(board, m.end[0], m.end[1]);
      if (cell) {
        cell.querySelector(".zt-field").classList.add("zt-reachable");
        setPickable(cell, true);
      }
    });
  }

  /* Roving tabindex: one tab stop for the board, the arrow keys walk its fields. */
  function initRoving(board) {
    var cells = Array.prototype.slice.call(board.querySelectorAll(".zt-cell[tabindex]"));
    if (!cells.length) { return; }
    function focusCell(cell) {
      cells.forEach(function (c) { c.setAttribute("tabindex", c === cell ? "0" : "-1"); });
      cell.focus();
    }
    var steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    board.addEventListener("keydown", function (event) {
      var cell = event.target.closest && event.target.closest(".zt-cell[tabindex]");
      var step = steps[event.key];
      if (!cell) { return; }
      if (event.key === "Home" || event.key === "End") {
        event.preventDefault();
        focusCell(event.key === "Home" ? cells[0] : cells[cells.length - 1]);
        return;
      }
      if (!step) { return; }
      event.preventDefault();
      var r = Number(cell.dataset.r);
      var c = Number(cell.dataset.c);
      for (var i = 0; i < 40; i += 1) {
        r += step[0];
        c += step[1];
        var next = cellAt(board, r, c);
        if (!next) { return; }
        if (next.hasAttribute("tabindex")) { focusCell(next); return; }
      }
    });
    board.addEventListener("click", function (event) {
      var cell = event.target.closest && event.target.closest(".zt-cell[tabindex]");
      if (cell) { cells.forEach(function (c) { c.setAttribute("tabindex", c === cell ? "0" : "-1"); }); }
    });
  }

  /* The tab stop goes to the first field that can be chosen, if there is one. */
  function tabStopOnPick(board) {
    var pick = board.querySelector('.zt-cell[role="button"]');
    if (!pick) { return; }
    board.querySelectorAll(".zt-cell[tabindex]").forEach(function (c) {
      c.setAttribute("tabindex", c === pick ? "0" : "-1");
    });
  }

  function showMove(board, move) {
    clearMarks(board, false);
    move.path.forEach(function (f, i) {
      var cell = cellAt(board, f[0], f[1]);
      if (!cell) { return; }
      var rect = cell.querySelector(".zt-field");
      rect.classList.add("zt-path");
      var text = document.createElementNS(SVG_NS, "text");
      text.setAttribute("class", "zt-step zt-step-js");
      text.setAttribute("x", Number(rect.getAttribute("x")) + 3);
      text.setAttribute("y", Number(rect.getAttribute("y")) + 11);
      text.textContent = String(i + 1);
      cell.appendChild(text);
    });
    (move.captured || []).forEach(function (f) {
      var cell = cellAt(board, f[0], f[1]);
      if (cell) { cell.querySelector(".zt-field").classList.add("zt-captured"); }
    });
    (move.pincered || []).forEach(function (f) {
      var cell = cellAt(board, f[0], f[1]);
      if (cell) { cell.querySelector(".zt-field").classList.add("zt-pincered"); }
    });
  }

  /* German texts come from the template's data-t-* attributes (translated there). */
  function t(choice, key, params) {
    var text = (choice && choice.dataset["t" + key]) || "";
    Object.keys(params || {}).forEach(function (name) { text = text.replace("{" + name + "}", params[name]); });
    return text;
  }

  function describe(choice, move, index, count) {
    var text = (move.jump ? t(choice, "Jump") + " " : t(choice, "Path") + ": ") + move.path.map(label).join(" → ");
    text += " · " + t(choice, "Captured") + ": " + move.captured.length;
    text += " · " + t(choice, "Pincered") + ": " + move.pincered.length;
    if (count > 1) { text += " · " + t(choice, "Way", { i: index + 1, n: count }); }
    return text;
  }

  /* Clicking (or Enter/Space on) a field calls pick(r, c); repeated clicks cycle through the ways there. */
  function onFieldPick(board, pick) {
    function handle(event) {
      var cell = event.target.closest(".zt-cell");
      if (!cell) { return; }
      if (event.type === "keydown") {
        if (event.key !== "Enter" && event.key !== " ") { return; }
        event.preventDefault();
      }
      pick(Number(cell.dataset.r), Number(cell.dataset.c), cell, event);
    }
    board.addEventListener("click", handle);
    board.addEventListener("keydown", handle);
  }

  /* On a phone the fields are small (the board fits the screen's width): a tap beside a lit field picks it. */
  function nearestEnd(board, moves, r, c, event) {
    if (!event || event.type !== "click" || typeof event.clientX !== "number") { return null; }
    var best = null;
    var bestDistance = Infinity;
    moves.forEach(function (m) {
      if (Math.abs(m.end[0] - r) > 1 || Math.abs(m.end[1] - c) > 1) { return; }
      var cell = cellAt(board, m.end[0], m.end[1]);
      if (!cell) { return; }
      var box = cell.getBoundingClientRect();
      var d = Math.hypot(box.left + box.width / 2 - event.clientX, box.top + box.height / 2 - event.clientY);
      if (d < bestDistance) { best = m.end; bestDistance = d; }
    });
    return best;
  }

  function chooser(board, getMoves, choice, onChoose) {
    var last = null;
    var index = 0;
    onFieldPick(board, function (r, c, cell, event) {
      if (!getMoves().some(function (m) { return same(m.end, [r, c]); })) {
        var near = nearestEnd(board, getMoves(), r, c, event);
        if (near) { r = near[0]; c = near[1]; }
      }
      // the way that takes the most orcs first, then the shortest (as the table of the page)
      var moves = getMoves().filter(function (m) { return same(m.end, [r, c]); }).sort(function (a, b) {
        var taken = (b.captured.length + b.pincered.length) - (a.captured.length + a.pincered.length);
        return taken || a.path.length - b.path.length;
      });
      if (!moves.length) { return cell; }
      index = last && same(last, [r, c]) ? (index + 1) % moves.length : 0;
      last = [r, c];
      showMove(board, moves[index]);
      if (choice) { choice.textContent = describe(choice, moves[index], index, moves.length); }
      if (onChoose) { onChoose(moves[index]); }
      return cell;
    });
  }

  function initAnalysis(container) {
    var board = container.querySelector(".zt-board");
    var moves = JSON.parse(container.dataset.moves || "[]");
    var form = document.querySelector("[data-zt-analyse-form]");
    var choice = container.querySelector("[data-zt-choice]");
    chooser(board, function () { return moves; }, choice, null);
    // a click on another figure analyses that one
    onFieldPick(board, function (r, c, cell) {
      if (form && "1234".indexOf(cell.dataset.char) >= 0 && cell.dataset.char !== "") {
        var from = form.querySelector("[data-zt-from]");
        if (from && from.value !== r + "," + c) {
          from.value = r + "," + c;
          form.submit();
        }
      }
    });
  }

  /* A field of the form, inside it or after the board with form="<id>" (the tab order: card, board, button). */
  function field(form, selector) {
    return form.querySelector(selector) || (form.id && document.querySelector(selector + '[form="' + form.id + '"]'));
  }

  function initMoveForm(form) {
    var board = document.querySelector(".zt-board");
    if (!board) { return; }
    var position = board.dataset.position;
    var choice = form.querySelector("[data-zt-choice]") || document.querySelector("[data-zt-after-board] [data-zt-choice]");
    var pathInput = field(form, "[data-zt-path]");
    var actionInput = form.querySelector("[data-zt-action]");
    var typeSelect = form.querySelector("select[data-zt-type]");
    var manual = document.querySelector("[data-zt-manual]");
    // With JavaScript the board is the way to choose; typing stays one click away (open after an error).
    if (manual && pathInput && !pathInput.value && !manual.querySelector("[data-zt-move-error]")) { manual.open = false; }
    var token = form.querySelector("input[name=csrfmiddlewaretoken]");
    var moves = [];
    var latest = 0;  // only the answer to the newest request counts (answers may arrive out of order)

    function selected(name) {
      var checked = form.querySelector("input[name=" + name + "]:checked");
      return checked || form.querySelector("input[type=hidden][name=" + name + "]");
    }

    function refresh() {
      var card = selected("card");
      var figure = selected("figure");
      moves = [];
      actionInput.value = "";
      clearMarks(board, true);
      if (!card || !figure) { return; }
      var jumping = Boolean(typeSelect && typeSelect.value === "jump");
      var body = {
        position: position,
        from: [Number(figure.dataset.r), Number(figure.dataset.c)],
        strength: Number(card.dataset.strength),
        symbol: card.dataset.symbol,
        schattenfell: jumping && card.dataset.schattenfell === "true"
      };
      var request = ++latest;
      fetch(form.dataset.analyseUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": token ? token.value : "" },
        body: JSON.stringify(body)
      }).then(function (response) { return response.json(); }).then(function (data) {
        if (request !== latest) { return; }
        moves = (data.moves || []).filter(function (m) { return jumping ? m.jump : !m.jump; });
        highlight(board, moves);
        if (board.contains(document.activeElement)) { return; }
        tabStopOnPick(board);
        if (choice) {
          choice.textContent = moves.length ? t(choice, "Reachable", { n: moves.length }) : t(choice, "None");
        }
      }).catch(function () {
        if (request !== latest) { return; }
        if (choice) { choice.textContent = t(choice, "Error"); }
      });
    }

    chooser(board, function () { return moves; }, choice, function (move) {
      var card = selected("card");
      var figure = selected("figure");
      var action = { type: move.jump ? "jump" : "move", card: card.value, figure: Number(figure.value) };
      if (move.jump) { action.to = move.end; } else { action.path = move.path; }
      actionInput.value = JSON.stringify(action);
      if (pathInput) { pathInput.value = move.path.map(function (f) { return f[0] + "," + f[1]; }).join(" "); }
    });
    // typing a path by hand replaces the clicked action
    if (pathInput) { pathInput.addEventListener("input", function () { actionInput.value = ""; }); }
    form.addEventListener("change", function (event) {
      if (event.target !== pathInput) { refresh(); }
    });
    refresh();
  }

  /* Placement: the free fields of Amon Hen light up; a click (or Enter) on one chooses it in the form. */
  function initPlaceForm(form) {
    var board = document.querySelector(".zt-board");
    var select = form.querySelector("[data-zt-place-to]");
    if (!board || !select) { return; }
    var fields = Array.prototype.map.call(select.options, function (o) { return o.value.split(",").map(Number); });
    highlight(board, fields.map(function (f) { return { end: f }; }));
    tabStopOnPick(board);
    onFieldPick(board, function (r, c) {
      var value = r + "," + c;
      if (!fields.some(function (f) { return f[0] === r && f[1] === c; })) { return; }
      select.value = value;
      clearMarks(board, false);
      showMove(board, { path: [[r, c]] });
    });
  }

  /* Each element once: the live update (matches/live.js) replaces parts of the page and says so. */
  function once(selector, setup) {
    document.querySelectorAll(selector).forEach(function (el) {
      if (el.dataset.ztReady) { return; }
      el.dataset.ztReady = "1";
      setup(el);
    });
  }

  function init() {
    once(".zt-board", initRoving);
    once("[data-zt-analysis]", initAnalysis);
    once("form[data-zt-move]", initMoveForm);
    once("form[data-zt-place]", initPlaceForm);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
  document.addEventListener("bruchtal:updated", init);
})();

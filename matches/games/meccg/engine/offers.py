"""Moves with choices to fill in (issue 31): one entry of the move list for a whole decision — a company's movement
plan, the hazards for a company, a defence, an attacker's plan, the cards to discard or to bring from the sideboard.

Such an entry carries ``form``: the fields its sender fills in, each ``{"name", "kind", "label", …}``:

- ``pick``: a list of option values (``options``: ``{"value", "label"}``), between ``min`` and ``max`` of them;
  ``ordered`` — in the order chosen; ``unique`` — option keys (e.g. ``["card"]``) on which no two chosen options may
  share a value (one play per card; one card on guard);
- ``one``: one option's value (``spread``: the value is an object whose fields go into the move itself);
- ``number``: a whole number from ``min`` to ``max``; ``flag``: true or false; ``counts``: a number per option
  (``{value: n}``), together at most ``total``.

``fill_form(entry, values)`` builds the move: the entry without ``label``, ``cards`` and ``form``, plus the values
(a field left out takes its ``default``). The page renders the same fields as a plain HTML form; the free-play
player fills them in as a careful player would. Every option was checked when the list was made.
"""

from __future__ import annotations

from typing import Any

from matches.engine.base import IllegalAction, State, Text, counted, gettext_noop, ngettext_noop

from . import state as st
from . import stats
from .cardinfo import avatar_kind, is_haven, key
from .log_text import region_name
from .mixin_base import Base
from .movement import region_route, starter_route
from .standing import ANSWER_NAMES, standing

META = ("label", "cards", "form")


def text(template: str, **params) -> dict:
    return Text(template, params).to_json()


def fill_form(entry: dict, values: dict[str, Any]) -> dict:
    """The move an entry with a form stands for, once its fields are filled in (``values`` by field name)."""
    action = {k: v for k, v in entry.items() if k not in META}
    for field in entry.get("form", ()):
        value = values.get(field["name"], field.get("default"))
        if value is None:
            continue
        if field.get("spread") and isinstance(value, dict):
            action.update(value)
        else:
            action[field["name"]] = value
    return action


def draw_allowance(state: State, group: dict, dest: str) -> tuple[int, int]:
    """How many cards the moving player and his opponent may draw for a move to ``dest`` ("Bewegungs- und
    Gefahrenphase": moving to a haven heroes and minions draw by the origin's card, the others by the target's;
    only a company with a character of mind 3 or more, or an avatar, draws)."""
    seat = group["owner"]
    origin, target = st.info(state, group["site"]), st.info(state, dest)
    basis = origin if is_haven(target) and state["players"][seat]["alignment"] in ("hero", "minion") else target
    can_draw = any((st.info(state, i)["mind"] or 0) >= 3 or avatar_kind(st.info(state, i)) for i in group["chars"])
    return (basis["draw"] or 0) if can_draw else 0, basis["draw_opponent"] or 0


def route_label(state: State, site: dict, route: dict) -> dict:
    """ "Moria – über Regionen: Rhudaur, Hulsten ({w}{w})": a destination with its route and the keys on it."""
    regions = ", ".join(region_name(state, r) for r in route["regions"])
    types = "".join(route.get("types") or ()) or "–"
    template = (
        gettext_noop("%(site)s – Grundregeln: %(regions)s (%(types)s)")
        if route["kind"] == "starter"
        else gettext_noop("%(site)s – über Regionen: %(regions)s (%(types)s)")
    )
    return text(template, site=site["name_de"], regions=regions, types=types)


class OffersMixin(Base):
    # --- the organisation phase -------------------------------------------------------------------------------

    def _reachable(self, state: State, seat: int, group: dict) -> list[tuple[str, dict]]:
        """(site, route) for every destination the company may move to now, starter movement first; found with the
        route rules themselves (movement.py), as ``plan_movement`` checks them."""
        origin = st.info(state, group["site"])
        alignment = state["players"][seat]["alignment"]
        kinds = {st.info(state, i)["race"] for i in group["chars"] if avatar_kind(st.info(state, i))}
        taken = {
            key(st.info(state, c["dest"])["name_en"])
            for c in state["companies"]
            if c is not group and c["owner"] == seat and c["site"] == group["site"] and c["dest"]
        }
        found, seen = [], set()
        for site in state["players"][seat]["sites"]:
            target = st.info(state, site)
            name = key(target["name_en"])
            if name in seen or name == key(origin["name_en"]) or name in taken:
                continue
            if "Ringwraith" in kinds and not is_haven(target):
                continue
            seen.add(name)
            for kind in ("starter", "region"):
                try:
                    if kind == "starter":
                        route = starter_route(origin, target, alignment)
                    else:
                        route = region_route(
                            state["regions"],
                            origin,
                            target,
                            alignment,
                            None,
                            balrog_company="Balrog" in kinds,
                            avoid_coast=bool(kinds & {"Ringwraith", "Balrog"}),
                        )
                except IllegalAction:
                    continue
                found.append((site, route))
        return found

    def _plan_offer(self, state: State, seat: int, group: dict) -> dict | None:
        """One form for a company's whole movement: destination (only reachable ones, with route and keys), draws,
        standing answers, entering the site, and ending the organisation phase."""
        reachable = self._reachable(state, seat, group)
        if not reachable:
            return None
        options = [
            {"value": {"site": site, "kind": route["kind"]}, "label": route_label(state, st.info(state, site), route)}
            for site, route in reachable
        ]
        most = max(draw_allowance(state, group, site)[0] for site, _route in reachable)
        others = [c for c in state["companies"] if c["owner"] == seat and c is not group and not c["dest"]]
        form = [{"name": "to", "kind": "one", "spread": True, "label": text(gettext_noop("Ziel")), "options": options}]
        if most > 1:
            form.append(
                {
                    "name": "draws",
                    "kind": "number",
                    "min": 1,
                    "max": most,
                    "default": 1,
                    "label": text(gettext_noop("Karten ziehen (höchstens die Zahl auf der Ortskarte)")),
                }
            )
        form += [
            answers_field("creatures"),
            _flag("enter", True, gettext_noop("Den Ort in der Ortsphase gleich betreten")),
            leave_field(),
            _discard_field(state, seat),
            _flag("done", not others, gettext_noop("Danach die Organisationsphase beenden")),
        ]
        return {
            "type": "plan_movement",
            "company": group["id"],
            "label": text(gettext_noop("%(company)s: Reise planen"), company=self._company_name(state, group)),
            "cards": [],
            "form": form,
        }

    def _standing_offers(self, state: State, seat: int) -> list[dict]:
        """Revoke a company's standing answers (any time); set them for a company that stays (organisation)."""
        turn = state["turn"]
        out = []
        for group in state["companies"]:
            if group["owner"] != seat:
                continue
            name = self._company_name(state, group)
            if standing(group):
                out.append(
                    {
                        "type": "standing",
                        "company": group["id"],
                        "answers": "always",
                        "enter": False,
                        "label": text(gettext_noop("Stehende Antworten für %(company)s zurücknehmen"), company=name),
                        "cards": [],
                    }
                )
            elif seat == turn["active"] and turn["phase"] == "organization" and not group["dest"]:
                out.append(
                    {
                        "type": "standing",
                        "company": group["id"],
                        "label": text(gettext_noop("%(company)s: Antworten im Voraus"), company=name),
                        "cards": [],
                        "form": [answers_field("creatures"), leave_field()],
                    }
                )
        return out

    # --- hands ---------------------------------------------------------------------------------------------------

    def _discard_offer(self, state: State, seat: int) -> dict | None:
        hand = state["players"][seat]["hand"]
        excess = len(hand) - st.HAND_SIZE
        if excess <= 0:
            return None
        return {
            "type": "discard",
            "label": counted(
                ngettext_noop(
                    "Auf acht Handkarten: %(count)s Karte abwerfen", "Auf acht Handkarten: %(count)s Karten abwerfen"
                ),
                count=excess,
            ).to_json(),
            "cards": [],
            "form": [
                {
                    "name": "cards",
                    "kind": "pick",
                    "min": excess,
                    "max": excess,
                    "label": text(gettext_noop("Abzuwerfende Karten")),
                    "options": [{"value": iid, "label": st.info(state, iid)["name_de"]} for iid in hand],
                }
            ],
        }

    def _sideboard_offer(self, state: State, seat: int) -> dict | None:
        if not self._sideboard_open(state, seat):
            return None
        wanted = ("Character", "Resource") if seat == state["turn"]["active"] else ("Hazard",)
        cards = [i for i in state["players"][seat]["sideboard"] if st.info(state, i)["type"] in wanted]
        if not cards:
            return None
        return {
            "type": "sideboard",
            "label": text(gettext_noop("Karten aus dem Reservestapel holen")),
            "cards": [],
            "form": [
                {
                    "name": "cards",
                    "kind": "pick",
                    "min": 1,
                    "max": 5,
                    "label": text(gettext_noop("Karten (in den Spielstapel eine, in den Abwurfstapel bis zu fünf)")),
                    "options": [{"value": iid, "label": st.info(state, iid)["name_de"]} for iid in cards],
                },
                {
                    "name": "to",
                    "kind": "one",
                    "default": "discard",
                    "label": text(gettext_noop("Wohin")),
                    "options": [
                        {"value": "discard", "label": text(gettext_noop("in den Abwurfstapel"))},
                        {"value": "deck", "label": text(gettext_noop("in den Spielstapel (gemischt)"))},
                    ],
                },
            ],
        }

    # --- the movement/hazard phase -------------------------------------------------------------------------------

    def _hazard_offer(self, state: State, seat: int, group: dict, options: list[dict]) -> dict | None:
        """The hazard player's batch for the company: every hazard play and on-guard placement offered (each checked
        alone), in the order he chooses, up to the limit; more draws; done afterwards."""
        room = group["limit"] - group["hazards"]
        allowance = (state["turn"].get("allowance") or [0, 0])[seat]
        draws = allowance - group["drawn"][seat] if group["dest"] else 0
        if (room <= 0 or not options) and draws <= 0:
            return None
        form = []
        if room > 0 and options:
            form.append(
                {
                    "name": "plays",
                    "kind": "pick",
                    "ordered": True,
                    "unique": ["card", "guard"],
                    "min": 0,
                    "max": room,
                    "label": text(gettext_noop("Gefahren (in dieser Reihenfolge)")),
                    "options": [
                        {
                            "value": {k: v for k, v in o.items() if k not in META},
                            "label": o["label"],
                            "card": o["card"],
                            **({"guard": True} if o["type"] == "on_guard" else {}),
                        }
                        for o in options
                    ],
                }
            )
        if draws > 0:
            form.append(
                {
                    "name": "draws",
                    "kind": "number",
                    "min": 0,
                    "max": draws,
                    "default": 0,
                    "label": text(gettext_noop("Weitere Karten ziehen")),
                }
            )
        form.append(_flag("done", True, gettext_noop("Danach keine weiteren Gefahren")))
        form.append(
            {
                "name": "excess",
                "kind": "one",
                "default": state["players"][seat].get("excess") or "spread",
                "label": text(gettext_noop("Übrige und überzählige Hiebe meiner Angriffe (bis ich es ändere)")),
                "options": [
                    {
                        "value": "spread",
                        "label": text(
                            gettext_noop("übrige an die Schwächsten, überzählige der Reihe nach auf die Hiebe")
                        ),
                    },
                    {
                        "value": "first",
                        "label": text(gettext_noop("übrige an die Schwächsten, überzählige alle auf den ersten Hieb")),
                    },
                    {"value": "ask", "label": text(gettext_noop("jedes Mal selbst verteilen"))},
                ],
            }
        )
        form.append(_discard_field(state, seat))
        return {
            "type": "hazards",
            "label": text(gettext_noop("Gefahren für %(company)s"), company=self._company_name(state, group)),
            "cards": [],
            "form": form,
        }

    # --- attacks --------------------------------------------------------------------------------------------------

    def _defend_offer(self, state: State, seat: int) -> dict:
        attack = state["attack"]
        group = self._attack_group(state)
        fighters = stats.fighters(state, group)
        open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        facing = fighters if attack["stage"] == "defender" else open_strikes
        untapped = [c for c in fighters if self._untapped(state, c)]
        free = [c for c in untapped if c not in attack["assigned"]]
        name = {c: st.info(state, c)["name_de"] for c in fighters}
        form = []
        if attack["stage"] == "defender" and free:
            form.append(
                _pick("strikes", gettext_noop("Hiebe zuweisen (in dieser Reihenfolge)"), [(c, name[c]) for c in free])
                | {"ordered": True, "max": min(len(free), max(attack["left"], 1))}
            )
        stay = [c for c in facing if c in untapped]
        if stay:
            form.append(_pick("untapped", gettext_noop("Bleibt ungetappt (−3)"), [(c, name[c]) for c in stay]))
        pairs = [
            ([c, h], text(gettext_noop("%(helper)s unterstützt %(character)s (+1)"), helper=name[h], character=name[c]))
            for c in facing
            for h in free
            if h != c
        ]
        if pairs:
            form.append(_pick("support", gettext_noop("Unterstützung (wer noch frei und ungetappt ist)"), pairs))
        cards = self._window_cards(state, seat, facing)
        if cards:
            form.append(_card_pick(cards, name))
        return {
            "type": "defend",
            "label": text(gettext_noop("Verteidigung gegen %(attack)s festlegen"), attack=attack["name"]),
            "cards": [],
            "form": form,
        }

    def _attacker_offer(self, state: State, seat: int) -> dict:
        attack = state["attack"]
        group = self._attack_group(state)
        fighters = stats.fighters(state, group)
        name = {c: st.info(state, c)["name_de"] for c in fighters}
        form = []
        if attack["stage"] == "attacker":
            free = self._unassigned(state, group)
            need = min(attack["left"], len(free))
            form.append(
                _pick("strikes", gettext_noop("Die übrigen Hiebe zuweisen"), [(c, name[c]) for c in free])
                | {"min": need, "max": need}
            )
        open_strikes = [c for c in attack["assigned"] if c not in attack["resolved"]]
        if attack["stage"] == "strike_attacker":
            open_strikes = [attack["strike"]]
        if attack.get("excess_left") and open_strikes:
            form.append(
                {
                    "name": "excess",
                    "kind": "counts",
                    "total": attack["excess_left"],
                    "label": text(gettext_noop("Überzählige Hiebe (je −1) auf die Hiebe verteilen")),
                    "options": [{"value": c, "label": name[c]} for c in open_strikes],
                }
            )
        cards = self._window_cards(state, seat, open_strikes or fighters)
        if cards:
            form.append(_card_pick(cards, name))
        return {
            "type": "attacker_plan",
            "label": text(gettext_noop("Angriff von %(attack)s festlegen"), attack=attack["name"]),
            "cards": [],
            "form": form,
        }


def leave_field() -> dict:
    return _flag("leave", True, gettext_noop("Ortsphase enden lassen, sobald am Ort nichts mehr zu spielen ist"))


def _discard_field(state: State, seat: int) -> dict:
    """Standing: the cards to discard first whenever the hand must go down to eight this turn."""
    hand = state["players"][seat]["hand"]
    return _pick(
        "discard",
        gettext_noop("Muss ich in dieser Runde auf acht Karten abwerfen: diese zuerst (in dieser Reihenfolge)"),
        [(iid, st.info(state, iid)["name_de"]) for iid in hand],
    ) | {"ordered": True}


def _flag(name: str, default: bool, label: str) -> dict:
    return {"name": name, "kind": "flag", "default": default, "label": text(label)}


def answers_field(default: str) -> dict:
    return {
        "name": "answers",
        "kind": "one",
        "default": default,
        "label": text(gettext_noop("Antworten in der Bewegungs-/Gefahrenphase")),
        "options": [{"value": value, "label": text(ANSWER_NAMES[value])} for value in ("creatures", "always")],
    }


def _pick(name: str, label: str, options: list[tuple[Any, Any]]) -> dict:
    return {
        "name": name,
        "kind": "pick",
        "min": 0,
        "max": len(options),
        "label": text(label),
        "options": [{"value": value, "label": shown} for value, shown in options],
    }


def _card_pick(cards: list[dict], name: dict[str, str]) -> dict:
    """The cards to play before the strikes (or their body checks): one option per use, card and character."""
    options = []
    for entry in cards:
        template = (
            gettext_noop("%(use)s – vor dem Hieb gegen %(character)s")
            if entry["window"] == "strike"
            else gettext_noop("%(use)s – vor dem Konstitutionswurf von %(character)s")
        )
        value = {k: v for k, v in entry.items() if k != "label"}
        options.append(
            {
                "value": value,
                "label": text(template, use=entry["label"], character=name[entry["for"]]),
                "card": entry["card"],
            }
        )
    return {
        "name": "cards",
        "kind": "pick",
        "min": 0,
        "max": len(options),
        "unique": ["card"],
        "label": text(gettext_noop("Karten für die Hiebe")),
        "options": options,
    }

"""Standing answers (issue 31): what the moving player decides for a company before its phases begin, so that the
table does not have to ask him again by post.

``group["plan"]`` (seen only by the company's player, revoked with ``standing``):

- ``answers``: ``"creatures"`` — "keine Antwort, außer wenn eine Kreatur auf diese Gemeinschaft gespielt wird": in
  the company's movement/hazard phase its player is done by himself and passes in every chain that holds no
  creature played on the company (he is asked, as always, only when he holds a card that could answer);
  ``"always"`` — he decides each time (the default without a plan);
- ``enter``: the company enters its site at the start of its site phase (then the automatic attacks);
- ``leave``: its site phase ends as soon as nothing is left to play at the site (no item, ally, faction or Information
  the site allows, no scripted card for the site phase) — entered or not; resource events wait for a later phase.

A standing answer only ever speaks for its own player: the opponent keeps every choice the rules give him (his
hazards, his answers in a chain, his cards on guard). Decision: the site phase of a company that has entered ends by
itself when its player has nothing left he could play there and the hazard player has no card on guard at it — a
card that could be played (an item, ally or faction the site allows with an untapped character, an Information,
a resource event, a scripted card) keeps it open unless ``leave`` says the resource events may wait.
"""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import effects, snapshot
from . import state as st
from .cardinfo import is_haven, is_hazard, is_long_event, is_site_resource, key
from .log_text import part
from .mixin_base import Base

ANSWERS = ("always", "creatures")
ANSWER_NAMES = {
    "always": gettext_noop("jedes Mal selbst entscheiden"),
    "creatures": gettext_noop("nur antworten, wenn eine Kreatur auf diese Gemeinschaft gespielt wird"),
}


def standing(group: dict | None) -> dict:
    return (group or {}).get("plan") or {}


def creature_on(state: State, group: dict) -> bool:
    """Whether the open chain holds a creature played on ``group`` (its links carry their key)."""
    return any("key" in link and link["target"].get("id") == group["id"] for link in state["chain"])


class StandingMixin(Base):
    def _set_plan(self, state: State, group: dict, action: dict) -> dict:
        """Read ``answers``, ``enter`` and ``leave`` from a move into the company's plan (unchanged where not given)."""
        plan = dict(standing(group))
        answers = action.get("answers", plan.get("answers", "always"))
        if answers not in ANSWERS:
            raise IllegalAction(
                "bad_answers", gettext_noop("„answers“ ist „always“ (jedes Mal fragen) oder „creatures“.")
            )
        for flag in ("enter", "leave"):
            value = action.get(flag, plan.get(flag, False))
            if not isinstance(value, bool):
                raise IllegalAction("bad_flag", gettext_noop("„%(field)s“ ist true oder false."), field=flag)
            plan[flag] = value
        plan["answers"] = answers
        if plan == {"answers": "always", "enter": False, "leave": False}:
            group.pop("plan", None)
        else:
            group["plan"] = plan
        return plan

    def _do_standing(self, state, seat, action, events):
        """Set or revoke a company's standing answers (its player, any time during play)."""
        self._stage(state, "play")
        group = st.company(state, action.get("company"))
        if group is None or group["owner"] != seat:
            raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
        plan = self._set_plan(state, group, action)
        self._plan_event(state, seat, group, plan, events)

    def _plan_event(self, state: State, seat: int, group: dict, plan: dict, events: list) -> None:
        """The owner reads his standing answers in the log; the opponent learns nothing."""
        private = Text(
            gettext_noop("Stehende Antworten für %(company)s: %(answers)s; %(enter)s; %(leave)s."),
            {
                "company": self._company_name(state, group),
                "answers": part(ANSWER_NAMES[plan.get("answers", "always")]),
                "enter": part(
                    gettext_noop("Ort betreten") if plan.get("enter") else gettext_noop("Ort nicht von selbst betreten")
                ),
                "leave": part(
                    gettext_noop("Ortsphase enden lassen, wenn am Ort nichts mehr zu spielen ist")
                    if plan.get("leave")
                    else gettext_noop("Ortsphase selbst beenden")
                ),
            },
        )
        events.append(
            Event(Text(gettext_noop("%(player)s legt Antworten im Voraus fest."), {"seat": seat}), {seat: private})
        )

    # --- the company's site phase -----------------------------------------------------------------------------

    def _site_step(self, state: State, events: list[Event]) -> bool:
        """One automatic step of a company's site phase: enter as planned, or end the phase when nothing is left."""
        turn = state["turn"]
        group = self._current_company(state)
        if turn["phase"] != "site" or group is None or turn.get("trim") or state["chain"] or state.get("attack"):
            return False
        if turn.get("agent_window") or turn.get("auto_attack_window"):
            return False
        plan = standing(group)
        if not group["entered"] and plan.get("enter") and not is_haven(st.info(state, group["site"])):
            group["plan"]["enter"] = False  # once
            self._do_enter_site(state, turn["active"], {}, events)
            return True
        leave = plan.get("leave") and self._site_has_nothing(state, group, site_only=True)
        if not leave and not (group["entered"] and self._auto(state) and self._site_has_nothing(state, group)):
            return False
        self._log(
            events,
            gettext_noop("%(company)s: in dieser Ortsphase ist nichts mehr zu tun.")
            if group["entered"]
            else gettext_noop("%(company)s: am Ort ist nichts zu spielen; die Ortsphase endet ohne Betreten."),
            company=self._company_name(state, group),
        )
        self._next_company(state, events)
        return True

    def _site_has_nothing(self, state: State, group: dict, *, site_only: bool = False) -> bool:
        """Nothing the company's player could still play at its site (``site_only``: no item, ally, faction or
        Information the site allows, no scripted card for the site phase — his resource events wait for a later
        phase), no opposing company there and no card of the hazard player on guard at it."""
        seat = group["owner"]
        if any(state["inst"][i]["owner"] != seat for i in group["on_guard"]):
            return False  # the hazard player may still reveal it
        site = key(st.info(state, group["site"])["name_en"])
        if any(
            c["owner"] != seat and c["site"] and key(st.info(state, c["site"])["name_en"]) == site
            for c in state["companies"]
        ):
            return False  # an opposing company there: influence or company combat
        for iid in state["players"][seat]["hand"]:
            info = st.info(state, iid)
            uses = effects.uses(state, seat, iid)
            if any(not site_only or "site" in mode["play"] for _index, mode, _targets in uses):
                return False
            if info["type"] != "Resource" or is_hazard(info) or is_long_event(info):
                continue
            if site_only and not (is_site_resource(info) or info.get("information")):
                continue
            if self._site_card_playable(state, seat, iid, group):
                return False
        return True

    def _site_card_playable(self, state: State, seat: int, iid: str, group: dict) -> bool:
        """Whether the card could be played now (tried on the state and undone; checks only, nothing kept)."""
        bearers = [c for c in group["chars"] if not state["inst"][c]["tapped"] and not state["inst"][c]["wounded"]]
        for who in bearers or [None]:
            action = {"type": "play_card", "card": iid, **({"character": who} if who else {})}
            saved = snapshot.backup(state)
            group = self._current_company(state)
            group["entered"] = True  # as if entered: what could be played there (undone with the rest)
            try:
                self._do_play_card(state, seat, action, [])
            except IllegalAction:
                continue
            finally:
                snapshot.restore(state, saved)
            return True
        return False

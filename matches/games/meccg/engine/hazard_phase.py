"""The movement/hazard phase (seeds/003 "Bewegungs- und Gefahrenphase"): hazard limit, drawing cards,
cards on guard, arriving and refilling hands."""

from __future__ import annotations

import math

from matches.engine.base import Event, IllegalAction, State, gettext_noop, ngettext_noop

from . import effects, effects_resources, keying
from . import state as st
from .cardinfo import avatar_kind, is_haven, key
from .log_text import _text, region_name
from .mixin_base import Base


class HazardPhaseMixin(Base):
    def _start_movement(self, state: State, group: dict, events: list[Event]) -> None:
        """Hazard limit fixed now (company size, at least 2); the new site is revealed."""
        group["limit"] = st.hazard_limit(state, group)
        if state["turn"].get("sideboard_hazards"):
            group["limit"] = math.ceil(group["limit"] / 2)  # "Reservestapel": halved, rounded up
        group["limit"] = effects.limit_for(state, group, group["limit"])  # card text earlier this turn
        group["hazards"] = 0
        group["drawn"] = [0, 0]
        turn = state["turn"]
        seat = group["owner"]
        turn["allowance"] = [0, 0]
        if group["dest"]:
            dest = state["inst"][group["dest"]]
            dest["face_down"] = False
            origin = st.info(state, group["site"])
            target = st.info(state, group["dest"])
            # Moving to a haven, heroes and minions draw by the origin's card; the others by the target's.
            basis = origin if is_haven(target) and state["players"][seat]["alignment"] in ("hero", "minion") else target
            can_draw = any(
                (st.info(state, i)["mind"] or 0) >= 3 or avatar_kind(st.info(state, i)) for i in group["chars"]
            )
            extra = effects_resources.extra_draws(state, group)  # A Short Rest
            turn["allowance"][seat] = basis["draw"] + extra if can_draw else 0
            turn["allowance"][1 - seat] = basis["draw_opponent"]
            turn["allowance"][seat] = effects.company_draws(state, turn["allowance"][seat], events)  # Smaug at Home
            self._log_company(
                events,
                state,
                ngettext_noop(
                    "%(company)s zieht nach %(site)s (Route: %(route)s). Gefahrenlimit %(limit)s.",
                    "%(company)s ziehen nach %(site)s (Route: %(route)s). Gefahrenlimit %(limit)s.",
                ),
                group,
                site=target["name_de"],
                route=", ".join(region_name(state, r) for r in group["route"]["regions"]) if group["route"] else "–",
                limit=group["limit"],
            )
            for s in (seat, 1 - seat):  # at least one card must be drawn
                if turn["allowance"][s] > 0:
                    self._draw_cards(state, s, 1, events)
                    group["drawn"][s] = 1
            # The moving player may have said with the movement how many cards to draw (fewer moves by post).
            extra = min(group.pop("want_draws", 1), turn["allowance"][seat]) - group["drawn"][seat]
            if extra > 0:
                self._draw_cards(state, seat, extra, events)
                group["drawn"][seat] += extra
        else:
            self._log_company(
                events,
                state,
                ngettext_noop(
                    "%(company)s bleibt am Ort. Gefahrenlimit %(limit)s.",
                    "%(company)s bleiben am Ort. Gefahrenlimit %(limit)s.",
                ),
                group,
                limit=group["limit"],
            )

    def _draw_cards(self, state: State, seat: int, n: int, events: list[Event]) -> None:
        for _ in range(n):
            exhausted: list = []
            iid = st.draw(state, seat, exhausted)
            if exhausted:
                self._log(
                    events,
                    gettext_noop(
                        "%(player)s hat den Spielstapel aufgebraucht (%(n)s. Mal); der Abwurfstapel wird gemischt."
                    ),
                    seat,
                    n=state["players"][seat]["exhausted"],
                )
                effects.deck_exhausted(state, events)  # "Discard when any play deck is exhausted"
            if iid is None:
                return
            events.append(
                Event(
                    _text(gettext_noop("%(player)s zieht eine Karte."), seat=seat),
                    private={seat: _text(gettext_noop("Du ziehst %(card)s."), card=st.info(state, iid)["name_de"])},
                )
            )

    def _finish_movement(self, state: State, group: dict, events: list[Event]) -> None:
        """The company arrives; both players refill or trim their hands to eight."""
        effects.movement_over(self, state, group, events)  # "at the end of his movement/hazard phase" (issue 30)
        if group["dest"]:
            old = group["site"]
            group["site"] = group["dest"]
            group["dest"] = None
            group["route"] = None
            if old and not any(c["site"] == old or c["dest"] == old for c in state["companies"]):
                card = state["inst"][old]
                info = st.info(state, old)
                # Left sites: tapped ones are discarded, untapped ones and havens go back to the location deck.
                st.move(state, old, "discard" if card["tapped"] and not is_haven(info) else "sites")
            self._log_company(
                events,
                state,
                ngettext_noop("%(company)s erreicht %(site)s.", "%(company)s erreichen %(site)s."),
                group,
                site=st.info(state, group["site"])["name_de"],
            )
            self._join_at_site(state, group, events)
        self._refill_hands(state, events)

    def _refill_hands(self, state: State, events: list[Event]) -> None:
        active = state["turn"]["active"]
        for seat in (active, 1 - active):
            missing = st.HAND_SIZE - len(state["players"][seat]["hand"])
            if missing > 0:
                self._draw_cards(state, seat, missing, events)
        if any(len(p["hand"]) > st.HAND_SIZE for p in state["players"]):
            state["turn"]["trim"] = True

    def _do_draw(self, state, seat, action, events):
        """Draw one more card for a moving company (up to the number on the site card)."""
        self._stage(state, "play")
        self._no_chain(state)
        self._no_trim(state)
        turn = state["turn"]
        group = self._current_company(state)
        if turn["phase"] != "movement" or group is None or not group["dest"]:
            raise IllegalAction(
                "no_draw",
                gettext_noop("Karten zieht man nur in der Bewegungs-/Gefahrenphase einer ziehenden Gemeinschaft."),
            )
        if group["drawn"][seat] >= turn["allowance"][seat]:
            raise IllegalAction(
                "draw_limit",
                gettext_noop("Du darfst für diese Bewegung höchstens %(n)s Karten ziehen."),
                n=turn["allowance"][seat],
            )
        self._draw_cards(state, seat, 1, events)
        group["drawn"][seat] += 1

    @staticmethod
    def _check_hazard_limit(group):
        """Hazards played and cards placed on guard both count against the company's limit."""
        if group["hazards"] >= group["limit"]:
            raise IllegalAction(
                "hazard_limit",
                gettext_noop("Das Gefahrenlimit dieser Gemeinschaft (%(limit)s) ist erreicht."),
                limit=group["limit"],
            )

    def _do_on_guard(self, state, seat, action, events):
        """Place one card face down at the moving company's destination (counts against the limit)."""
        self._stage(state, "play")
        self._no_chain(state)
        turn = state["turn"]
        group = self._current_company(state)
        if seat == turn["active"] or turn["phase"] != "movement" or group is None:
            raise IllegalAction(
                "on_guard_phase", gettext_noop("Auf die Lauer legt der Gegner in der Bewegungs-/Gefahrenphase.")
            )
        if any(state["inst"][i]["owner"] == seat for i in group["on_guard"]):
            raise IllegalAction(
                "one_on_guard", gettext_noop("Je Bewegungs-/Gefahrenphase höchstens eine Karte auf die Lauer.")
            )
        self._check_hazard_limit(group)
        iid = self._own(state, seat, action.get("card"), "hand")
        st.move(state, iid, "play")
        state["inst"][iid]["face_down"] = True
        group["on_guard"].append(iid)
        group["hazards"] += 1
        turn["done"] = [False, False]
        self._log(events, gettext_noop("%(player)s legt eine Karte auf die Lauer."), seat)

    # --- creatures (seeds/003 "Kreaturen", keying.py) ---------------------------------------------------

    def _key_creature(self, state: State, info: dict, group: dict, announced, *, at_site: bool = False):
        """The key the hazard player announced (``{"kind": ..., "symbol"|"name": ...}``), checked by the keying
        module against the company's route (moving) or its site; without an announcement the first key."""
        found = self._creature_keys(state, info, group, at_site=at_site)
        if announced is None:
            if not found.keys:
                return keying.require_key(found, "region_type", "")  # raises with the calculator's message
            return found.keys[0]
        if not isinstance(announced, dict) or announced.get("kind") not in (
            "region_type",
            "region",
            "site_type",
            "site",
        ):
            raise IllegalAction(
                "bad_key",
                gettext_noop("„keyed“ ist ein Objekt mit „kind“ (region_type, region, site_type, site) und Wert."),
            )
        value = announced.get("symbol") if announced["kind"] in ("region_type", "site_type") else announced.get("name")
        return keying.require_key(found, announced["kind"], str(value or ""))

    def _creature_keys(self, state: State, info: dict, group: dict, *, at_site: bool = False):
        """Every key of the creature against the company (keying.key_creature), as a Keying."""
        alignment = state["players"][group["owner"]]["alignment"]
        moving = bool(group["dest"]) and not at_site
        route = group["route"] if moving else None
        found = keying.key_creature(
            state["cards"],
            info["code"],
            alignment,
            st.info(state, group["site"])["code"],
            st.info(state, group["dest"])["code"] if moving else None,
            route["kind"] if route else None,
            list(route["regions"]) if route and route["kind"] == "region" else None,
            region_map=state["regions"],
            doors_of_night=effects.doors_of_night(state),
        )
        return effects.extra_keys(state, info, group, found, at_site)  # "… that has faced Dwarven Travelers"

    def _creature_attacks(self, state: State, link: dict, events: list) -> None:
        iid = link["card"]
        group = st.company(state, link["target"]["id"])
        if group is None or not group["chars"]:
            st.move(state, iid, "discard")
            return
        canceled_by = effects.creature_attacks_canceled(state, group)
        if canceled_by:  # Hiding, Hide in Dark Places: "cancels all hazard creature attacks … this turn"
            self._log(events, gettext_noop("%(card)s bricht den Angriff ab."), card=canceled_by)
            st.move(state, iid, "discard")
            return
        attack = effects.creature_attack(state, iid, self._creature_attack(state, iid, link["key"]))
        self._start_attack(state, group, attack, events)

    @staticmethod
    def _creature_attack(state: State, iid: str, key_: dict) -> dict:
        """A creature card's attack, keyed as announced (``key_``: the keying module's key as JSON)."""
        info = st.info(state, iid)
        return {
            "name": info["name_de"],
            "race": info["race"],
            "strikes": info.get("strikes") or 1,
            "prowess": info["prowess"] or 0,
            "body": info["body"],
            "detainment": bool(key_.get("detainment")),
            "card": iid,
            "source": "creature",
            "key": key_,
        }

    def _join_at_site(self, state: State, group: dict, events: list) -> None:
        """ "Gemeinschaften, die sich am selben Ort befinden, werden vereinigt" (not at havens, where each may
        keep its own site card). Decision: if the joined company would exceed size 7 both stay apart."""
        site = st.info(state, group["site"])
        if is_haven(site):
            return
        for other in state["companies"]:
            same = other is not group and other["owner"] == group["owner"] and not other["dest"]
            if same and key(st.info(state, other["site"])["name_en"]) == key(site["name_en"]):
                if st.company_size(state, [*other["chars"], *group["chars"]]) <= st.MAX_COMPANY_SIZE:
                    self._merge(state, group, other)
                    self._log(
                        events, gettext_noop("Die Gemeinschaften in %(site)s vereinigen sich."), site=site["name_de"]
                    )
                return

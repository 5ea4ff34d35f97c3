"""Playing cards and the chain of effects (seeds/003 "Kette von Ereignissen")."""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, gettext_noop

from . import effects, effects_abilities, effects_resources, scripts, uniqueness
from . import state as st
from .cardinfo import is_creature, is_hazard, is_long_event, is_short_event, is_site_resource
from .council import is_war_council
from .mixin_base import Base


class ChainMixin(Base):
    def _target(self, state: State, raw) -> dict:
        if raw is None:
            return {"kind": "table"}
        if not isinstance(raw, dict) or raw.get("kind") not in ("character", "company", "site", "table"):
            raise IllegalAction(
                "bad_target", gettext_noop("Ziel ist „character“, „company“, „site“ oder „table“ mit „id“.")
            )
        kind = raw["kind"]
        if kind == "table":
            return {"kind": "table"}
        ident = raw.get("id")
        if kind == "company":
            if st.company(state, ident) is None:
                raise IllegalAction("bad_target", gettext_noop("Diese Gemeinschaft gibt es nicht."))
        elif not isinstance(ident, str) or ident not in state["inst"] or state["inst"][ident]["zone"] != "play":
            raise IllegalAction("bad_target", gettext_noop("Das Ziel liegt nicht im Spiel."))
        elif kind == "character" and not st.company_of(state, ident):
            raise IllegalAction("bad_target", gettext_noop("Das Ziel ist kein Charakter im Spiel."))
        return {"kind": kind, "id": ident}

    def _do_play_card(self, state, seat, action, events):
        self._stage(state, "play")
        self._no_trim(state)
        turn = state["turn"]
        active = turn["active"]
        if state["chain"] and state["priority"] != seat:
            raise IllegalAction(
                "no_priority", gettext_noop("Dein Gegner darf gerade auf die Kette antworten, nicht du.")
            )
        iid = self._own(state, seat, action.get("card"), "hand")
        info = st.info(state, iid)
        bearer = None
        if info.get("agent"):
            raise IllegalAction(
                "not_playable", gettext_noop("%(card)s ist ein Agent: „play_agent“."), card=info["name_de"]
            )
        if info["type"] in ("Character", "Site", "Region"):
            raise IllegalAction(
                "not_playable",
                gettext_noop("%(card)s wird nicht so gespielt (Charaktere: „play_character“, Orte: „plan_movement“)."),
                card=info["name_de"],
            )
        uniqueness.check(state, info)
        if is_war_council(info) and seat != active:
            self._war_council_as_hazard(state, seat, iid, events)
            return
        group = self._current_company(state)
        script = scripts.script(info["code"], state)
        window = effects.play_window(state)
        if window in effects.CARD_WINDOWS:
            self._play_in_card_window(state, seat, iid, info, script, action, events)
            return
        if script is not None and effects.any_time(state, seat, iid):
            self._play_scripted(state, seat, iid, info, action, events)  # "at any point during any player's turn"
            return
        # "May be played as a hazard creature … or as a permanent-event/short-event": with ``keyed`` a creature,
        # with ``mode`` its event (the script).
        creature = is_creature(info) and not (script is not None and action.get("keyed") is None and "mode" in action)
        if state["chain"] and (creature or "corruption" in info["subtype"].casefold()):
            raise IllegalAction(
                "not_in_chain", gettext_noop("Kreaturen beginnen immer eine neue Kette; sie sind keine Antwort.")
            )
        if (is_site_resource(info) or info.get("information")) and (state["chain"] or seat != active):
            # "Ortsphase": the company's character taps (and the site) to play it; it is never a free answer.
            raise IllegalAction(
                "not_in_chain",
                gettext_noop(
                    "Gegenstände, Verbündete, Heere und Information spielt der Spieler am Zug in seiner Ortsphase "
                    "als neue Kette, nicht als Antwort."
                ),
            )
        key_ = None
        if is_hazard(info):
            action, key_ = self._hazard_play(state, seat, info, group, creature, action)
        else:
            action, bearer = self._resource_play(state, seat, info, group, action)
        if script is not None and not creature:
            mode = self._play_scripted(state, seat, iid, info, action, events)
            if is_hazard(info) and not mode["limit"] and group is not None:
                group["hazards"] -= 1  # "does not count against the hazard limit"
            return
        target = self._target(state, action.get("target"))
        link = {"seat": seat, "card": iid, "target": target}
        if is_hazard(info) and creature:
            link["key"] = key_.to_json()
        if info["subtype"] == "Faction" and bearer:
            link["bearer"] = bearer
        self._push_link(state, link, events)

    def _hazard_play(self, state, seat, info, group, creature, action):
        """A hazard's own conditions (the opponent, his movement/hazard phase, the hazard limit); a creature is
        keyed. Returns the action (a creature's target filled in) and the key."""
        turn = state["turn"]
        active, phase = turn["active"], turn["phase"]
        key_ = None
        if seat == active:
            raise IllegalAction("own_hazard", gettext_noop("Gefahren spielt nur der Gegner des Spielers am Zug."))
        if phase != "movement" or group is None:
            raise IllegalAction(
                "hazard_phase",
                gettext_noop("Gefahren werden in der Bewegungs-/Gefahrenphase einer Gemeinschaft gespielt."),
            )
        self._check_hazard_limit(group)
        group["hazards"] += 1
        turn["done"] = [False, False]
        if creature:
            effects.refuse_creature(state, group, info)  # Stealth, Sneakin': none on this company this turn
            # "Kreaturen": keyed to the route or the site as the hazard player announces; refused with
            # the keying calculator's message when it cannot be (keying.py).
            key_ = self._key_creature(state, info, group, action.get("keyed"))
            effects_resources.refuse_keyed(state, group, key_)  # Down Down to Goblin-town
            action = {**action, "target": {"kind": "company", "id": group["id"]}}
        return action, key_

    def _resource_play(self, state, seat, info, group, action):
        """A resource's own conditions (own phases or an answer, the long-event phase, the site entered); the
        cost of information, items, allies and factions. Returns the action (its target) and the bearer."""
        turn = state["turn"]
        active, phase = turn["active"], turn["phase"]
        bearer = None
        if seat != active and not state["chain"]:
            raise IllegalAction(
                "not_your_turn_resource",
                gettext_noop(
                    "Unterstützungskarten spielst du in deinen eigenen Phasen oder als Antwort in einer Kette."
                ),
            )
        if seat == active and is_long_event(info) and phase != "long_event":
            raise IllegalAction(
                "long_event_phase",
                gettext_noop("Langfristige Ereignisse werden in der Langfristige-Ereignisse-Phase gespielt."),
            )
        if seat == active and phase == "site" and not state["chain"] and (group is None or not group["entered"]):
            raise IllegalAction(
                "not_entered",
                gettext_noop("In der Ortsphase erst den Ort betreten, dann Unterstützungskarten spielen."),
            )
        if info.get("information"):
            bearer = self._information_cost(state, seat, action, info, group)
            action = {**action, "target": {"kind": "character", "id": bearer}}
            bearer = None  # not a faction: nothing to roll when it resolves
        if is_site_resource(info):
            bearer = self._site_resource_cost(state, seat, action, info, group)
            if info["subtype"] != "Faction":  # items and allies go onto the character who tapped
                action = {**action, "target": {"kind": "character", "id": bearer}}
        if phase == "movement" and group is not None:
            turn["done"] = [False, False]
        return action, bearer

    def _play_in_card_window(self, state, seat, iid, info, script, action, events) -> None:
        """A card in a window of the running attack: only what its script allows there, as a new chain or an
        answer (``card_windows.py``); a card the table does not carry out is a proposal there."""
        if script is None:
            raise IllegalAction(
                "not_scripted",
                gettext_noop(
                    "%(card)s führt der Tisch nicht aus: im Kampf wird sie per Vorschlag gespielt (Karte abwerfen "
                    "und die Wirkung vorschlagen)."
                ),
                card=info["name_de"],
            )
        attack = state["attack"]
        self._play_scripted(state, seat, iid, info, action, events, strike=attack.get("strike"))

    def _do_use_card(self, state, seat, action, events):
        """Use an ability of a card in play ("Tap to …", "Discard to …"): it goes onto the chain like a card
        played, its costs paid (effects_abilities.py)."""
        self._stage(state, "play")
        self._no_trim(state)
        if state["chain"] and state["priority"] != seat:
            raise IllegalAction(
                "no_priority", gettext_noop("Dein Gegner darf gerade auf die Kette antworten, nicht du.")
            )
        iid = action.get("card")
        if not isinstance(iid, str) or state["inst"].get(iid, {}).get("zone") != "play":
            raise IllegalAction("bad_card", gettext_noop("„card“ ist eine Karte im Spiel."))
        index, ability, target, actor = effects_abilities.choose(state, seat, iid, action)
        effects_abilities.pay(state, iid, ability, events)
        effects.pay(state, ability, target, actor, events, st.info(state, iid)["name_de"])
        link = {"seat": seat, "card": iid, "target": target, "ability": index}
        if action.get("pick"):
            link["pick"] = effects.checked_pick(state, seat, ability, action["pick"])
        if state.get("attack") and effects.play_window(state) == "strike":
            link["strike"] = state["attack"].get("strike")
        if actor:
            link["actor"] = actor
        self._push_link(state, link, events)

    def _play_scripted(self, state, seat, iid, info, action, events, strike=None) -> dict:
        """A scripted card onto the chain: its mode, target and actor checked, its cost paid (effects.py)."""
        mode_index, mode, target, actor = effects.choose(state, seat, iid, action)
        attack = state.get("attack")
        skill = mode["requires"].get("skill") or mode.get("actor", {}).get("skill")
        if attack and effects.play_window(state) == "strike" and skill and not is_hazard(info):
            attack["skill_card"] = attack.get("strike")  # one skill resource per strike
        effects.pay(state, mode, target, actor, events, info["name_de"])
        link = {"seat": seat, "card": iid, "target": target, "script": mode_index}
        if strike:
            link["strike"] = strike
        if actor:
            link["actor"] = actor
        if action.get("pick"):
            link["pick"] = effects.checked_pick(state, seat, mode, action["pick"])
        effects.pay_pick(state, seat, mode, link, events)  # a hand card discarded as the cost (Faces of the Dead)
        self._push_link(state, link, events)
        return mode

    def _push_link(self, state: State, link: dict, events: list[Event]) -> None:
        """The card goes onto the chain (a new one or as an answer); the other player may answer."""
        seat, iid = link["seat"], link["card"]
        if not state["chain"]:
            state["chain_window"] = effects.play_window(state)  # its answers belong to this window
        if "ability" in link:  # a card in play used (use_card): it stays where it is
            state["chain"].append(link)
            state["priority"] = 1 - seat
            state["passes"] = 0
            self._log(
                events,
                gettext_noop("%(player)s nutzt %(card)s%(target)s."),
                seat,
                card=st.info(state, iid)["name_de"],
                target=self._target_label(state, link["target"]),
            )
            return
        st.move(state, iid, "play")
        state["chain"].append(link)
        state["priority"] = 1 - seat
        state["passes"] = 0
        self._log(
            events,
            gettext_noop("%(player)s spielt %(card)s%(target)s."),
            seat,
            card=st.info(state, iid)["name_de"],
            target=self._target_label(state, link["target"]),
        )

    def _target_label(self, state: State, target: dict) -> str:
        if target["kind"] == "attack":
            return " → " + state["attack"]["name"] if state.get("attack") else ""
        if target["kind"] == "company":
            return " → " + self._company_label(state, st.company(state, target["id"]))
        if target["kind"] in ("character", "site", "card", "link"):
            return " → " + st.info(state, target["id"])["name_de"]
        return ""

    def _pass_chain(self, state: State, seat: int, events: list[Event]) -> None:
        state["passes"] += 1
        last = state["chain"][-1]["seat"] if state["chain"] else None
        # Decision (by post): the player whose card is the last link has said all they wanted by playing
        # it; when the opponent passes, the chain resolves (they may start a new one afterwards).
        if state["passes"] >= 2 or (state.get("auto_phases", True) and last is not None and last != seat):
            self._log(events, gettext_noop("%(player)s passt."), seat)
            self._resolve_chain(state, events)
        else:
            state["priority"] = 1 - seat
            self._log(events, gettext_noop("%(player)s passt."), seat)

    def _resolve_chain(self, state: State, events: list[Event]) -> None:
        """Both passed: the chain resolves last in, first out; a creature attacks when it resolves."""
        last_seat = state["chain"][-1]["seat"] if state["chain"] else None
        while state["chain"]:
            link = state["chain"].pop()
            iid = link["card"]
            info = st.info(state, iid)
            target = link["target"]
            self._log(events, gettext_noop("%(card)s wird abgehandelt."), card=info["name_de"])
            if "script" in link or "ability" in link:
                self._resolve_scripted(state, link, info, events)
                continue
            if "key" in link:
                self._creature_attacks(state, link, events)
                continue
            if "bearer" in link:
                self._influence_faction(state, link, events)
                continue
            if is_short_event(info):
                st.move(state, iid, "discard")
            elif target["kind"] in ("character", "site") and state["inst"].get(target["id"], {}).get("zone") == "play":
                state["inst"][iid]["on"] = target["id"]
                effects.item_gained(self, state, iid, target["id"], events)  # Lure of Expedience
            elif target["kind"] == "company":
                group = st.company(state, target["id"])
                if group and group["chars"]:
                    state["inst"][iid]["on"] = None
        state["priority"] = None
        state["passes"] = 0
        state.pop("chain_window", None)
        self._after_chain(state, last_seat, events)

    def _resolve_scripted(self, state: State, link: dict, info: dict, events: list[Event]) -> None:
        """A scripted card takes effect (effects.py); a card for one strike that has ended meanwhile does not."""
        attack = state.get("attack")
        if "strike" in link and link["strike"] and (not attack or attack.get("strike") != link["strike"]):
            self._log(events, gettext_noop("%(card)s bleibt ohne Wirkung: der Hieb ist vorbei."), card=info["name_de"])
        else:
            effects.resolve(self, state, link, events)
        card = state["inst"][link["card"]]
        if card["zone"] != "play" or "ability" in link or card.get("turn_card"):
            return
        if is_long_event(info) or "Permanent" in info["subtype"]:
            effects.stays_in_play(state, link)  # its continuous effects hold from now on
        else:
            st.move(state, link["card"], "discard")

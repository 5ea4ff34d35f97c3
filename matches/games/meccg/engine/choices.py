"""Every concrete move open to a seat (issue 19 point 6: "a move is a click, never a typed id"; issue 31: fast, one
entry per decision).

``choices(state, seat)`` builds candidates from the move table's windows and the cards the seat can see, filtered by
cheap prechecks (whose turn, which phase, a character already played this turn …), and keeps those ``apply``
accepts. Whole decisions are one entry with a ``form`` (offers.py): a company's movement plan — only reachable
destinations, found with the route rules themselves, so they need no ``apply`` —, the hazards for a company (each
option checked alone), a defence, an attacker's plan, the cards to discard or to bring from the sideboard. Each
entry carries ``label`` and ``cards`` (the ids it is about, so the page can name the card beside the button);
``apply`` ignores both. A label is a text (``Text`` as JSON: a German template marked with ``gettext_noop`` and its
parameters); the framework renders it in the reader's language (``matches.selectors.legal_for``).
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import effects, effects_abilities, moves, scripts, snapshot, stats, windows
from . import state as st
from .buttons import key_label, on_guard_label, text
from .cardinfo import is_creature, is_hazard
from .mixin_base import Base
from .offers import META, answers_field, leave_field

MAX_CANDIDATES = 160
PHASE_END = {
    "untap": gettext_noop("Enttapphase beenden"),
    "organization": gettext_noop("Organisationsphase beenden"),
    "long_event": gettext_noop("Langfristige-Ereignisse-Phase beenden"),
    "movement": gettext_noop("Fertig mit dieser Bewegungs-/Gefahrenphase"),
    "site": gettext_noop("Ortsphase dieser Gemeinschaft beenden"),
    "end": gettext_noop("Runde beenden"),
}

__all__ = ["ChoicesMixin", "key_label", "on_guard_label", "text"]


class ChoicesMixin(Base):
    def choices(self, state: State, seat: int) -> list[dict]:
        return _once(self._choices(state, seat))

    def _choices(self, state: State, seat: int) -> list[dict]:
        if state["stage"] != "play":
            return []
        if state.get("request"):
            return self._request_choices(state, seat)
        turn = state["turn"]
        if state.get("attack") and not state["chain"]:
            return self._attack_choices(state, seat)
        if turn.get("agent_window"):
            return self._checked(state, seat, self._agent_choices(state, seat))
        if turn.get("trim") and any(len(p["hand"]) > st.HAND_SIZE for p in state["players"]):
            offer = self._discard_offer(state, seat)
            return [offer] if offer else []
        if state["chain"]:
            if seat != state["priority"]:
                return self._standing_offers(state, seat)
            answers = [c for i in state["players"][seat]["hand"] for c in self._card_candidates(state, seat, i, None)]
            return self._checked(state, seat, [*answers, _plain("pass", gettext_noop("Passen (keine Antwort)"))])
        return self._turn_choices(state, seat)

    def _checked(self, state: State, seat: int, candidates: list[dict]) -> list[dict]:
        """The candidates ``apply`` accepts, each move once (``_once``): first the move table (a type this seat may
        not send in this window is dropped without a try), then each tried on a copy of the state."""
        allowed = set(moves.types_for(windows.current(state), state, seat))
        return [a for a in _once(candidates)[:MAX_CANDIDATES] if a["type"] in allowed and self._accepts(state, seat, a)]

    def _accepts(self, state: State, seat: int, action: dict) -> bool:
        """Whether ``apply`` would take the move: the move table's check and the handler on a copy of the state (what
        ``apply`` does after them — automatic passes, the undo position — cannot refuse it)."""
        move = moves.MOVES.get(action["type"])
        try:
            moves.check(move, windows.current(state), state, seat)
            getattr(self, move.handler)(
                snapshot.clone(state), seat, {k: v for k, v in action.items() if k not in META}, []
            )
        except IllegalAction:
            return False
        return True

    def _request_choices(self, state: State, seat: int) -> list[dict]:
        if state["request"]["seat"] == seat:
            return [{"type": "withdraw", "label": text(gettext_noop("Vorschlag zurückziehen")), "cards": []}]
        return [
            {"type": "answer", "accept": True, "label": text(gettext_noop("Vorschlag annehmen")), "cards": []},
            {"type": "answer", "accept": False, "label": text(gettext_noop("Vorschlag ablehnen")), "cards": []},
        ]

    def _attack_choices(self, state: State, seat: int) -> list[dict]:
        """A card window (its cards, pass; the defender's plan before strikes are assigned), the defender's or the
        attacker's plan, or the single steps the plans do not cover (company combat, taking items)."""
        attack = state["attack"]
        if seat != self._attack_seat(state):
            return []
        window = attack.get("window")
        player = state["players"][seat]
        if window:
            cards = [a for i in player["hand"] for a in effects.play_candidates(state, seat, i)]
            cards += effects_abilities.candidates(state, seat)  # abilities of cards in play (issue 30)
            plan = (
                [self._defend_offer(state, seat)]
                if window["name"] == "attack" and seat == attack["defender"] and not attack.get("versus")
                else []
            )
            return [*cards, *plan, _plain("pass", gettext_noop("Passen (keine Karte)"))]
        if not attack.get("versus"):
            if attack["stage"] in ("defender", "resolve", "strike_defender"):
                return [self._defend_offer(state, seat)]
            if attack["stage"] in ("attacker", "excess", "strike_attacker"):
                return [self._attacker_offer(state, seat)]
        labelled = [self._combat_label(state, a) for a in self._combat_actions(state)]
        return self._checked(state, seat, labelled + self._with_support(state))

    # --- the phases of a turn ---------------------------------------------------------------------------------

    def _turn_choices(self, state: State, seat: int) -> list[dict]:
        turn = state["turn"]
        group = self._current_company(state)
        active = seat == turn["active"]
        hazard_turn = turn["phase"] == "movement" and group is not None and not active
        candidates = [c for i in state["players"][seat]["hand"] for c in self._card_candidates(state, seat, i, group)]
        candidates += effects_abilities.candidates(state, seat)  # abilities of cards in play (issue 30)
        candidates += self._agent_candidates(state, seat, group)
        if active and turn["phase"] == "organization":
            candidates += self._organising_candidates(state, seat)
        candidates += self._site_candidates(state, seat, group)
        candidates += self._plain_candidates(state, seat, group)
        checked = self._checked(state, seat, candidates)
        offers = []
        if hazard_turn:
            batch = [c for c in checked if c["type"] in ("play_card", "on_guard")]
            checked = [c for c in checked if c not in batch]
            offers.append(self._hazard_offer(state, seat, group, batch))
        if active and turn["phase"] == "organization" and not state["chain"]:
            offers += [
                self._plan_offer(state, seat, c) for c in state["companies"] if c["owner"] == seat and not c["dest"]
            ]
        offers += [self._sideboard_offer(state, seat), *self._standing_offers(state, seat)]
        return checked + [o for o in offers if o]

    def _card_candidates(self, state: State, seat: int, iid: str, group: dict | None) -> list[dict]:
        """The ways to play one hand card now (checked later), by what it is; none where it cannot be (cheap)."""
        turn = state["turn"]
        info = st.info(state, iid)
        name = info["name_de"]
        active = seat == turn["active"]
        hazard_turn = turn["phase"] == "movement" and group is not None and not active
        guard = (
            [{"type": "on_guard", "card": iid, "label": on_guard_label(name), "cards": [iid]}] if hazard_turn else []
        )
        if scripts.script(info["code"], state) is not None and not is_creature(info):
            return effects.play_candidates(state, seat, iid) + guard
        if info["type"] == "Character":
            return self._character_candidates(state, seat, iid) if active else []
        if is_hazard(info):
            if not hazard_turn:
                return []
            if is_creature(info):
                # A creature/event card (issue 30) also offers its event side.
                event = effects.play_candidates(state, seat, iid) if scripts.script(info["code"], state) else []
                return self._creature_choices(state, iid, group) + event + guard
            play = {"type": "play_card", "card": iid, "target": {"kind": "company", "id": group["id"]}}
            return [{**play, "label": text(gettext_noop("%(card)s spielen"), card=name), "cards": [iid]}, *guard]
        if info["type"] != "Resource":
            return guard
        if "Item" in info["subtype"] or info["subtype"] in ("Ally", "Faction"):
            if not active or turn["phase"] != "site" or group is None or not group["entered"]:
                return guard
            return [
                {
                    "type": "play_card",
                    "card": iid,
                    "character": who,
                    "label": text(
                        gettext_noop("%(card)s durch %(character)s"), card=name, character=self._name(state, who)
                    ),
                    "cards": [iid, who],
                }
                for who in group["chars"]
                if not state["inst"][who]["tapped"] and not state["inst"][who]["wounded"]
            ]
        if not active and not state["chain"]:
            return guard
        return [
            {
                "type": "play_card",
                "card": iid,
                "label": text(gettext_noop("%(card)s spielen"), card=name),
                "cards": [iid],
            }
        ]

    def _character_candidates(self, state: State, seat: int, iid: str) -> list[dict]:
        turn = state["turn"]
        if turn["phase"] != "organization" or turn["char_played"] or state["chain"]:
            return []
        name = self._name(state, iid)
        out = [
            {
                "type": "play_character",
                "card": iid,
                "company": c["id"],
                "label": text(
                    gettext_noop("%(card)s ins Spiel (zu %(company)s)"), card=name, company=self._company_name(state, c)
                ),
                "cards": [iid],
            }
            for c in state["companies"]
            if c["owner"] == seat
        ]
        out += [
            {
                "type": "play_character",
                "card": iid,
                "site": site,
                "label": text(gettext_noop("%(card)s ins Spiel in %(site)s"), card=name, site=self._name(state, site)),
                "cards": [iid],
            }
            for site in state["players"][seat]["sites"]
        ]
        return out

    def _organising_candidates(self, state: State, seat: int) -> list[dict]:
        """Reorganising companies, passing items, taking a movement back (the player at turn, organisation)."""
        if state["chain"]:
            return []
        mine = [c for c in state["companies"] if c["owner"] == seat]
        chars = [i for c in mine for i in c["chars"]]
        out = []
        for c in mine:
            name = self._company_name(state, c)
            if c["dest"]:
                label = text(gettext_noop("%(company)s: Bewegung zurücknehmen"), company=name)
                out.append({"type": "cancel_movement", "company": c["id"], "label": label, "cards": []})
            for other in mine:
                if other is not c and not c["dest"] and not other["dest"]:
                    label = text(
                        gettext_noop("%(company)s vereinigen mit %(other)s"),
                        company=name,
                        other=self._company_name(state, other),
                    )
                    out.append(
                        {"type": "join_company", "company": c["id"], "to": other["id"], "label": label, "cards": []}
                    )
        for who in chars:
            name = self._name(state, who)
            out.append(
                {
                    "type": "move_character",
                    "card": who,
                    "company": "new",
                    "label": text(gettext_noop("%(card)s: neue Gemeinschaft"), card=name),
                    "cards": [who],
                }
            )
            for item in st.attached(state, who):
                if stats.is_item(st.info(state, item)):
                    out += [
                        {
                            "type": "transfer_item",
                            "card": item,
                            "character": taker,
                            "label": text(
                                gettext_noop("%(item)s an %(character)s"),
                                item=self._name(state, item),
                                character=self._name(state, taker),
                            ),
                            "cards": [item, taker],
                        }
                        for taker in chars
                        if taker != who
                    ]
        return out

    def _site_candidates(self, state: State, seat: int, group: dict | None) -> list[dict]:
        """Revealing an on-guard card (the hazard player); attacking or influencing an opposing company."""
        turn = state["turn"]
        if group is None or turn["phase"] != "site" or not group["entered"]:
            return []
        if group["owner"] != seat:
            return [
                {
                    "type": "reveal_on_guard",
                    "card": iid,
                    "label": text(gettext_noop("%(card)s aufdecken"), card=self._name(state, iid)),
                    "cards": [iid],
                }
                for iid in group["on_guard"]
                if state["inst"][iid]["owner"] == seat
            ]
        out = []
        here = self._site_key(state, group)
        for other in state["companies"]:
            if other["owner"] == seat or self._site_key(state, other) != here:
                continue
            label = text(gettext_noop("%(company)s angreifen"), company=self._company_name(state, other))
            out.append(
                {"type": "attack_company", "company": other["id"], "label": label, "cards": list(other["chars"])}
            )
            out += [
                {
                    "type": "influence",
                    "character": who,
                    "target": target,
                    "label": text(
                        gettext_noop("%(character)s wirbt %(target)s ab"),
                        character=self._name(state, who),
                        target=self._name(state, target),
                    ),
                    "cards": [target, who],
                }
                for who in group["chars"]
                for target in other["chars"]
            ]
        return out

    def _site_key(self, state: State, group: dict) -> str:
        return st.info(state, group["site"])["name_en"] if group["site"] else ""

    def _plain_candidates(self, state: State, seat: int, group: dict | None) -> list[dict]:
        """One button per plain move, named for what it does here (never two for the same thing)."""
        turn = state["turn"]
        player = state["players"][seat]
        active = seat == turn["active"]
        out = []
        if active and turn["phase"] == "site" and group is not None and not group["entered"]:
            out.append(_plain("enter_site", gettext_noop("Ort betreten")))
        if turn["phase"] == "movement" and group is not None and group["dest"]:
            allowance = (turn.get("allowance") or [0, 0])[seat]
            if active and group["drawn"][seat] < allowance:
                out.append(_plain("draw", gettext_noop("Eine Karte ziehen")))
        if (
            active
            and turn["phase"] == "organization"
            and any(c["owner"] == seat and not c["dest"] and not c.get("plan") for c in state["companies"])
        ):
            out.append({**_plain("next_phase", PHASE_END["organization"]), "form": [_stay_answers(), leave_field()]})
        elif active:
            out.append(_plain("next_phase", PHASE_END[turn["phase"]]))
            if turn["phase"] == "end":
                out.append(_plain("call_council", gettext_noop("Den Rat einberufen")))
        elif turn["phase"] == "movement" and group is not None:
            out.append(_plain("pass", gettext_noop("Keine (weiteren) Gefahren spielen")))
        if active and turn["phase"] in ("organization", "movement"):
            wait = player.get("wait")
            label = (
                gettext_noop("Wieder selbst passen")
                if wait
                else gettext_noop("Passen, bis etwas auf meine Gemeinschaft gespielt wird")
            )
            out.append({"type": "wait", "on": not wait, "label": text(label), "cards": []})
        return out


def _once(entries: list[dict]) -> list[dict]:
    """Each move once: two copies of a card in hand or two cards of one site give the same button ("Dolch aus
    Westernis durch Aragorn II"); the first stands for both. A form's options are not merged (two copies of a
    creature are two plays)."""
    found, seen = [], set()
    for entry in entries:
        same = (entry["type"], repr(entry.get("label")))
        if "label" in entry and "form" not in entry and same in seen:
            continue
        seen.add(same)
        found.append(entry)
    return found


def _plain(kind: str, label: str) -> dict:
    return {"type": kind, "label": text(label), "cards": []}


def _stay_answers() -> dict:
    """The end of the organisation phase says how the companies that stay answer in their movement/hazard phase."""
    return {**answers_field("creatures"), "label": text(gettext_noop("Antworten der Gemeinschaften, die bleiben"))}

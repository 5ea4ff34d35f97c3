"""Influence attempts against the opponent's cards (seeds/003 "Beeinflussung (Abwerben)") and the sideboard
(seeds/003 "Reservestapel").

Influence: once per turn, not in the player's first turn, in the site phase, by an untapped character of
the company whose site phase it is, against an opponent's character (not the avatar), ally, faction or item
at the same site. The character taps; the server rolls 2W6 + its unused direct influence, minus the
opponent's 2W6 + the opponent's unused general influence, minus the target's mind (character, ally; the
bearer's for an item) and the unused direct influence of the character who controls it (follower, ally,
item), minus the faction's number, minus 5 between a minion/balrog and a wizard/fallen-wizard player.
Showing the same card from the hand counts its mind as 0 (an item cannot be taken without it). Above 0:
the opponent's card is discarded.
"""

from __future__ import annotations

from matches.engine import rng
from matches.engine.base import IllegalAction, State, gettext_noop

from . import effects, effects_resources, stats
from . import state as st
from .cardinfo import avatar_kind, influence_cost, is_hazard, key
from .log_text import part, signed
from .mixin_base import Base

DARK = ("minion", "balrog")
LIGHT = ("hero", "fallen-wizard")
SIDEBOARD_TO_DECK_MIN = 5


class InfluenceMixin(Base):
    def _do_influence(self, state, seat, action, events):
        """An influence attempt against an opponent's card at the company's site ("Abwerben"): the checks, the
        figures subtracted, the two rolls; a success discards the card."""
        group, who = self._influencer(state, seat, action)
        target, info, same = self._influence_target(state, seat, action, group)
        player = state["players"][seat]
        against, parts = self._influence_against(state, seat, who, target, same)
        state["inst"][who]["tapped"] = True
        player["influence_attempt"] = True
        own, theirs = self._roll2d6(state), self._roll2d6(state)
        di = max(0, st.direct_influence_free(state, who))
        gi = max(0, st.GENERAL_INFLUENCE - st.general_influence_used(state, 1 - seat))
        result = sum(own) + di - sum(theirs) - gi - against
        self._log(
            events,
            gettext_noop(
                "%(character)s versucht %(card)s abzuwerben: Wurf %(a)s+%(b)s + freier direkter Einfluss %(di)s − "
                "Wurf des Gegners %(c)s+%(d)s − freier allgemeiner Einfluss %(gi)s − %(parts)s = %(result)s: "
                "%(outcome)s."
            ),
            character=st.info(state, who)["name_de"],
            card=info["name_de"],
            a=own[0],
            b=own[1],
            di=di,
            c=theirs[0],
            d=theirs[1],
            gi=gi,
            parts=parts or "0",
            result=result,
            outcome=part(
                gettext_noop("gelungen, die Karte wird abgeworfen") if result > 0 else gettext_noop("misslungen")
            ),
        )
        if result > 0:
            st.move(state, target, "discard")
            effects.influence_succeeded(self, state, who, events)  # Lure of Power

    def _influencer(self, state: State, seat: int, action: dict) -> tuple[dict, str]:
        """The company at its entered site and the untapped character making this turn's one attempt."""
        turn = self._require_active(state, seat, "site")
        player = state["players"][seat]
        group = self._current_company(state)
        if group is None or not group["entered"]:
            raise IllegalAction("site_resource_phase", gettext_noop("Erst den Ort betreten."))
        if player["influence_attempt"] or turn.get("company_attack"):
            raise IllegalAction(
                "influence_done",
                gettext_noop(
                    "Nur ein Beeinflussungsversuch je Runde, und keiner nach einem Kampf gegen eine Gemeinschaft."
                ),
            )
        if player["turns"] <= 1:
            raise IllegalAction("first_turn", gettext_noop("In deiner ersten Runde darfst du nicht abwerben."))
        who = self._own_character(state, seat, action.get("character"))
        if who not in group["chars"] or state["inst"][who]["tapped"] or state["inst"][who]["wounded"]:
            raise IllegalAction(
                "bearer_tapped", gettext_noop("Ein ungetappter Charakter dieser Gemeinschaft tappt dafür.")
            )
        if avatar_kind(st.info(state, who)) and turn.get("avatar_played") == who:
            raise IllegalAction(
                "avatar_new", gettext_noop("Ein Avatar darf in der Runde, in der er ins Spiel kam, nicht abwerben.")
            )
        return group, who

    def _influence_target(self, state: State, seat: int, action: dict, group: dict) -> tuple[str, dict, bool]:
        """The opponent's card to influence (at this site), and whether the same card is shown from the hand."""
        target = action.get("target")
        if not isinstance(target, str) or target not in state["inst"] or state["inst"][target]["owner"] == seat:
            raise IllegalAction("bad_target", gettext_noop("Ziel ist eine Karte deines Gegners im Spiel."))
        inst, info = state["inst"][target], st.info(state, target)
        here = key(st.info(state, group["site"])["name_en"])
        if inst["zone"] != "play" or inst["face_down"] or is_hazard(info):
            raise IllegalAction("bad_target", gettext_noop("Ziel ist eine Karte deines Gegners im Spiel."))
        if avatar_kind(info):
            raise IllegalAction("avatar_target", gettext_noop("Den Avatar des Gegners kann man nicht abwerben."))
        holder = inst["on"] or target
        their_group = st.company_of(state, holder)
        if info["subtype"] == "Faction":
            if not any(key(n) == here for n in info.get("play_sites") or []):
                raise IllegalAction(
                    "other_site", gettext_noop("Ein Heer beeinflusst man nur dort, wo es spielbar ist.")
                )
        elif their_group is None or key(st.info(state, their_group["site"])["name_en"]) != here:
            raise IllegalAction("other_site", gettext_noop("Das Ziel muss am selben Ort sein."))
        shown = action.get("show")
        same = False
        if shown is not None:
            self._own(state, seat, shown, "hand")
            same = key(st.info(state, shown)["name_en"]) == key(info["name_en"])
            if not same:
                raise IllegalAction("not_same_card", gettext_noop("Die vorgezeigte Karte ist nicht dieselbe."))
        if stats.is_item(info) and not same:
            raise IllegalAction(
                "item_needs_card", gettext_noop("Einen Gegenstand wirbt man nur mit derselben Karte von der Hand ab.")
            )
        return target, info, same

    def _influence_against(self, state: State, seat: int, who: str, target: str, same: bool) -> tuple[int, list]:
        """What is subtracted besides the opponent's roll and free general influence, with its log parts."""
        player, inst, info = state["players"][seat], state["inst"][target], st.info(state, target)
        against, parts = 0, []
        if info["type"] == "Character" or stats.is_ally(info):
            mind = 0 if same else influence_cost(info)
            against += mind
            parts.append(part(gettext_noop("Geisteskraft %(n)s"), n=mind))
        if stats.is_item(info):
            bearer_mind = influence_cost(st.info(state, inst["on"]))
            against += bearer_mind
            parts.append(part(gettext_noop("Geisteskraft des Trägers %(n)s"), n=bearer_mind))
        controller = inst["controller"] if info["type"] == "Character" else inst["on"]
        if controller:
            free = max(0, st.direct_influence_free(state, controller))
            against += free
            parts.append(part(gettext_noop("freier direkter Einfluss %(n)s"), n=free))
        if info["subtype"] == "Faction" and not info.get("zero_in_play"):
            against += info.get("influence_target") or 0
            parts.append(part(gettext_noop("Heer %(n)s"), n=info.get("influence_target") or 0))
        other = state["players"][1 - seat]["alignment"]
        if (
            info["type"] == "Character"
            and {player["alignment"], other} & set(DARK)
            and {player["alignment"], other} & set(LIGHT)
        ):
            against += 5
            parts.append(part(gettext_noop("Ausrichtung %(n)s"), n=5))
        accepted = (state["inst"][who].get("mods") or {}).pop("influence", 0)
        if accepted:
            against -= accepted  # an accepted proposal for this attempt (card text the table does not read)
            parts.append(part(gettext_noop("Kartentext %(n)s"), n=signed(-accepted)))
        found = effects.use(state, who, "influence") + effects_resources.attempt_influence(state, who, info)
        for name, value in found:  # card text: "+3 to an influence attempt", "+2 … against an Elf character"
            against -= value
            parts.append(part(gettext_noop("%(card)s %(value)s"), card=name, value=signed(-value)))
        return against, parts

    # --- the sideboard ("Reservestapel") ---------------------------------------------------------------

    def _sideboard_open(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may bring cards from the sideboard now (the summary of the move list)."""
        turn = state["turn"]
        avatar = st.avatar_in_play(state, turn["active"])
        if avatar is None or not state["players"][seat]["sideboard"]:
            return False
        if seat == turn["active"]:
            return turn["phase"] == "organization" and not state["inst"][avatar]["tapped"]
        return turn["phase"] in ("untap", "organization", "long_event") and not turn.get("sideboard_hazards")

    def _do_sideboard(self, state, seat, action, events):
        """With an avatar in play: its player, in the organisation phase, taps it to bring 1 character or
        resource from the sideboard into the play deck or up to 5 into the discard pile; the opponent, in
        that player's turn before the first movement/hazard phase, brings hazards the same way and the
        hazard limit of the turn is halved (rounded up). Decision: by post the opponent's window runs from
        the untap to the long-event phase, since the untap phase passes without a move."""
        self._stage(state, "play")
        self._no_chain(state)
        turn = state["turn"]
        to = action.get("to")
        cards = action.get("cards")
        if to not in ("deck", "discard") or not isinstance(cards, list) or not cards:
            raise IllegalAction(
                "bad_sideboard",
                gettext_noop("„cards“ ist eine Liste von Karten aus dem Reservestapel, „to“ ist deck oder discard."),
            )
        if len(cards) > (1 if to == "deck" else 5) or len(set(map(str, cards))) != len(cards):
            raise IllegalAction(
                "sideboard_count", gettext_noop("In den Spielstapel eine Karte, in den Abwurfstapel bis zu fünf.")
            )
        active = turn["active"]
        avatar = st.avatar_in_play(state, active)
        if avatar is None:
            raise IllegalAction("no_avatar", gettext_noop("Nur solange der Avatar des Spielers am Zug im Spiel ist."))
        if seat == active:
            self._require_active(state, seat, "organization")
            if state["inst"][avatar]["tapped"] or state["inst"][avatar]["wounded"]:
                raise IllegalAction("bearer_tapped", gettext_noop("Der Avatar muss dafür ungetappt sein."))
            wanted = ("Character", "Resource")
        else:
            if turn["phase"] not in ("untap", "organization", "long_event") or turn.get("sideboard_hazards"):
                raise IllegalAction(
                    "sideboard_window",
                    gettext_noop("Gefahren aus dem Reservestapel holt der Gegner einmal vor der ersten Bewegung."),
                )
            wanted = ("Hazard",)
        for iid in cards:
            self._own(state, seat, iid, "sideboard")
            if st.info(state, iid)["type"] not in wanted:
                raise IllegalAction("sideboard_type", gettext_noop("Diese Karte darfst du so nicht holen."))
        if to == "deck" and len(state["players"][seat]["deck"]) < SIDEBOARD_TO_DECK_MIN:
            raise IllegalAction(
                "deck_too_small", gettext_noop("Im Spielstapel müssen noch mindestens fünf Karten liegen.")
            )
        if seat == active:
            state["inst"][avatar]["tapped"] = True
        else:
            turn["sideboard_hazards"] = True
        for iid in cards:
            st.move(state, iid, to)
        if to == "deck":
            rng.shuffle(state["rng"], state["players"][seat]["deck"])
        self._log(
            events,
            gettext_noop("%(player)s holt aus dem Reservestapel nach %(zone)s: %(cards)s."),
            seat,
            zone=part(gettext_noop("Spielstapel") if to == "deck" else gettext_noop("Abwurfstapel")),
            cards=", ".join(st.info(state, i)["name_de"] for i in cards),
        )

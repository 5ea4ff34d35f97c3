"""Hazard card text the table carries out in round 2 of issue 30, the events side (``effects_hazards.py`` has the
combat side and re-exports this module): corruption cards that check when an item is gained or at the end of a
turn, a check after a successful influence attempt, a forced check that discards instead of eliminating, a company
sent back, Foul Fumes' ranger and tapped sites, the hand (Revealed to all Watchers' order, a hand card discarded as
a cost), permanent-events that end by themselves ("Discard when any play deck is exhausted", "… if Gandalf comes into
play") with their effects (hazard limit, ring and Palantír corruption points) and the cancelled search of a play
deck or discard pile.

Triggers (a card on a character): ``item_gained`` — "makes a corruption check each time a character in his company
gains an item" (an item played on a character at a site, passed on in the organization phase or taken over from an
eliminated character); ``turn_end`` — "At the end of each of his turns … for each item his company bears that he does
not bear". Continuous words (``while_in_play``): ``influence_check``, ``duplicate_auto``, ``tap_sites``,
``site_attack``, ``discard_on_exhaust``, ``discard_if_in_play``, ``limit_bonus``, ``ring_corruption``,
``cancel_search``, ``palantir_double``, ``item_corruption``, ``draw_less``, ``discard_at_haven``, ``race_attacks``,
``return_unless`` (with ``unless_skill``/``not_alignment``).
"""

from __future__ import annotations

import re

from matches.engine.base import Event, IllegalAction, State, Text, counted, gettext_noop, ngettext_noop

from . import scripts
from . import state as st
from .effects_state import add, race_keys


def _log(events: list[Event], template: str, **params) -> None:
    events.append(Event(Text(template, params), data={"kind": "log"}))


def _is_item(info: dict) -> bool:
    return info["type"] == "Resource" and "Item" in info["subtype"]  # as stats.is_item (stats imports effects)


def item_gained(ops, state: State, item: str, bearer: str, events: list[Event]) -> None:
    """An item came onto ``bearer``: the corruption cards on characters of his company that check "each time a
    character in his company gains an item" (Lure of Expedience)."""
    from .effects_triggers import _check, _triggered

    if not _is_item(st.info(state, item)) or bearer not in state["inst"]:
        return
    group = st.company_of(state, bearer)
    for iid, on, _trigger in list(_triggered(state, "item_gained")):
        if group and on in group["chars"] and state["inst"][iid]["zone"] == "play":
            _check(ops, state, iid, on, events)


# --- events in play and forced checks --------------------------------------------------------------------------


def bears_kind(state: State, iid: str, words: list[str]) -> bool:
    """ "bearing a Palantír, greater item, or ring that is not a gold ring": an item whose subtype or name is one
    of the words, or whose keywords contain one ("Ring": Dwarven, Magic, Mind, Lesser, Spirit Ring)."""
    for item in st.attached(state, iid):
        info = st.info(state, item)
        keywords = info.get("keywords") or ()
        if info["subtype"] in words or info["name_en"] in words or any(w in k for w in words for k in keywords):
            return True
    return False


def _check_discard_instead(ops, state, link, info, effect, events):
    """A forced corruption check; "If the character would normally be eliminated as a result of this check, he is
    instead discarded" (The Roving Eye)."""
    who = link["target"].get("id")
    if not who or state["inst"].get(who, {}).get("zone") != "play":
        return None
    add(state, link, info, who, "corruption", effect["by"], "check")
    state["inst"][who]["discard_if_eliminated"] = True
    try:
        ops._corruption_check(state, state["inst"][who]["owner"], who, events)
    finally:
        state["inst"][who].pop("discard_if_eliminated", None)
    name = st.info(state, who)["name_de"]
    return Text(gettext_noop("Versuchungswurf für %(character)s"), {"character": name}).to_json()


def discard_instead(state: State, iid: str) -> bool:
    """Whether a corruption check that eliminates ``iid`` discards him instead (read by ``corruption``)."""
    return bool(state["inst"][iid].get("discard_if_eliminated"))


HAZARD_HANDLERS = {"corruption_check_discard": _check_discard_instead}


def _events_in_play(state: State, word: str):
    from .effects_state import _continuous

    return [(iid, effect) for iid, effect in _continuous(state) if effect["do"] == word]


def influence_succeeded(ops, state: State, who: str, events: list[Event]) -> None:
    """ "The next non-Hobbit character to make a successful influence attempt … must immediately make a corruption
    check modified by -4. Discard this card after this corruption check" (Lure of Power)."""
    if who not in state["inst"] or state["inst"][who]["zone"] != "play":
        return
    races = race_keys(st.info(state, who)["race"])
    for iid, effect in _events_in_play(state, "influence_check"):
        if state["inst"][iid]["zone"] != "play" or races & race_keys(",".join(effect.get("not_race") or ())):
            continue
        info = st.info(state, iid)
        add(state, {"card": iid}, info, who, "corruption", effect["by"], "check")
        from .effects_triggers import _check

        _check(ops, state, iid, who, events)
        st.move(state, iid, "discard")
        _log(events, gettext_noop("%(card)s wird abgeworfen (Kartentext)."), card=info["name_de"])


def spared(state: State, group: dict, effect: dict) -> bool:
    """A company the continuous effect leaves alone: "unless it contains a ranger", "This card has no effect on a
    minion player"."""
    if state["players"][group["owner"]]["alignment"] in (effect.get("not_alignment") or ()):
        return True
    skill = effect.get("unless_skill")
    return bool(skill) and any(skill in st.info(state, c)["skills"].casefold() for c in group["chars"])


def tap_sites(state: State, events: list[Event]) -> None:
    """ "If Doors of Night is in play, each non-Haven site in play with a Shadow-land [{s}] or a Dark-domain [{d}]
    in its site path is tapped" (Foul Fumes): checked whenever a phase begins."""
    from .cardinfo import is_haven
    from .effects_state import doors_of_night

    for iid, effect in _events_in_play(state, "tap_sites"):
        if effect.get("only_doors") and not doors_of_night(state):
            continue
        for group in state["companies"]:
            if spared(state, group, effect):
                continue
            for site in {group["site"], group.get("dest")} - {None}:
                info = st.info(state, site)
                path = set(re.findall(r"\{(\w)\}", info.get("site_path") or ""))
                if state["inst"][site]["tapped"] or is_haven(info) or not path & set(effect["route_has"]):
                    continue
                state["inst"][site]["tapped"] = True
                _log(
                    events,
                    gettext_noop("%(card)s: %(site)s wird getappt."),
                    card=st.info(state, iid)["name_de"],
                    site=info["name_de"],
                )


# --- the end of a turn, sites' attacks, a company sent back ----------------------------------------------------


def turn_ends(ops, state: State, events: list[Event]) -> None:
    """ "At the end of each of his turns, target minion makes a corruption check for each item his company bears
    that he does not bear. For each check, modify the roll by subtracting the corruption of that item" (Covetous
    Thoughts)."""
    from .effects_triggers import _check, _triggered

    active = state["turn"]["active"]
    for iid, bearer, _trigger in list(_triggered(state, "turn_end")):
        group = st.company_of(state, bearer)
        if state["inst"][bearer]["owner"] != active or group is None:
            continue
        info = st.info(state, iid)
        for other in [c for c in group["chars"] if c != bearer]:
            for item in [i for i in st.attached(state, other) if _is_item(st.info(state, i))]:
                if state["inst"][iid]["zone"] != "play" or state["inst"][bearer]["zone"] != "play":
                    return
                points = st.info(state, item)["corruption"] or 0
                add(state, {"card": iid}, info, bearer, "corruption", -points, "check")
                _check(ops, state, iid, bearer, events)


def _company_returns(ops, state, link, info, effect, events):
    """ "Unless the company contains Beorn or an untapped warrior with prowess greater than 4, it must return to its
    site of origin" (at the end of its movement/hazard phase, as Snowstorm's)."""
    group = st.company(state, link["target"].get("id") or "")
    if group is None:
        return None
    unless = effect.get("unless") or {}
    for iid in group["chars"]:
        char = st.info(state, iid)
        if char["name_en"] in (unless.get("names") or ()):
            return Text(gettext_noop("%(character)s hält die Gemeinschaft"), {"character": char["name_de"]}).to_json()
        skill = unless.get("skill")
        untapped = not (state["inst"][iid]["tapped"] or state["inst"][iid]["wounded"])
        strong = ops._prowess(state, iid) > unless.get("prowess_above", -99)
        if skill and skill in char["skills"].casefold() and untapped and strong:
            return Text(gettext_noop("%(character)s hält die Gemeinschaft"), {"character": char["name_de"]}).to_json()
    add(state, link, info, group["id"], "return_to_origin", 0, "turn")
    return Text(gettext_noop("die Gemeinschaft kehrt zum Ausgangsort zurück"), {}).to_json()


HAZARD_HANDLERS["company_returns"] = _company_returns


def return_by_effect(state: State, group: dict, events: list[Event]) -> None:
    """The company's movement/hazard phase ends: a card's effect this turn sends it back to its site of origin
    (Beorning Skin-changers), or a card in play does — "Each moving company that has a Shadow-land [{s}] or a
    Dark-domain [{d}] in its site path must return to its site of origin unless it contains a ranger" (Foul Fumes,
    ``return_unless``)."""
    if not group.get("dest"):
        return
    found = next(
        (
            e["name"]
            for e in state.get("effects") or ()
            if e["target"] == group["id"] and e["stat"] == "return_to_origin"
        ),
        None,
    )
    symbols = {t.strip("{}") for t in (group.get("route") or {}).get("types") or ()}
    for iid, effect in _events_in_play(state, "return_unless"):
        if found is None and symbols & set(effect["route_has"]) and not spared(state, group, effect):
            found = st.info(state, iid)["name_de"]
    if found:
        st.move(state, group["dest"], "sites")
        group.update(dest=None, route=None)
        _log(events, gettext_noop("%(card)s: die Gemeinschaft kehrt zu ihrem Ausgangsort zurück."), card=found)


# --- the hand ---------------------------------------------------------------------------------------------------


def _set_aside(state: State, seat: int, played: str) -> list[str]:
    from .cardinfo import is_hazard

    return [i for i in state["players"][seat]["hand"] if i != played and not is_hazard(st.info(state, i))]


def pick_rule(state: State, seat: int, mode: dict) -> tuple[list[str], int, bool] | None:
    """The cards a play's ``pick`` may name when it brings nothing back (``fetch``), how many, and whether it must:
    the order of the cards Revealed to all Watchers puts back on the play deck (top first); the hand card a play
    discards as its cost ("if you discard any Undead hazard creature from your hand", ``discard``)."""
    if "discard" in mode:
        from .effects_apply import _kind_ok

        want = mode["discard"]
        races = race_keys(",".join(want.get("races") or ()))
        hand = state["players"][seat]["hand"]
        found = [
            i
            for i in hand
            if _kind_ok(st.info(state, i), want["kinds"])
            and (not races or races & race_keys(st.info(state, i)["race"]))
        ]
        return found, 1, True
    if any(e["do"] == "restack" for e in mode["effects"]):
        aside = _set_aside(state, seat, "")
        return aside, len(aside), False
    return None


def pay_pick(state: State, seat: int, mode: dict, link: dict, events: list[Event]) -> None:
    """The hand card the play discards as its cost, named with it (``pick``); refused without one."""
    if "discard" not in mode:
        return
    allowed = pick_rule(state, seat, mode)[0]
    picked = [i for i in link.get("pick") or () if i in allowed]
    if len(picked) != 1:
        raise IllegalAction(
            "bad_pick",
            gettext_noop(
                "„pick“: die Karte von der Hand, die der Kartentext als Kosten abwerfen lässt (%(n)s möglich)."
            ),
            n=len(allowed),
        )
    st.move(state, picked[0], "discard")
    link.pop("pick")
    _log(
        events, gettext_noop("%(card)s wird dafür abgeworfen (vorgezeigt)."), card=st.info(state, picked[0])["name_de"]
    )


def _restack(ops, state, link, info, effect, events):
    """ "Reveal your hand to opponent. Place all non-hazard cards from your hand off to the side. Draw cards from
    your play deck until your hand size is reached. Place the non-hazard cards from off to the side face down on top
    of your play deck in any order you choose" (the order named with the play, ``pick``, top first; else the
    hand's)."""
    seat = link["seat"]
    hand = state["players"][seat]["hand"]
    _log(
        events,
        gettext_noop("%(card)s: die Hand wird gezeigt: %(cards)s."),
        card=info["name_de"],
        cards=[st.info(state, i)["name_de"] for i in hand] or "–",
    )
    aside = _set_aside(state, seat, link["card"])
    chosen = [i for i in link.get("pick") or () if i in aside]
    order = chosen + [i for i in aside if i not in chosen]
    ops._draw_cards(state, seat, max(0, st.HAND_SIZE - (len(hand) - len(aside))), events)
    for iid in reversed(order):
        st.move(state, iid, "deck", top=True)
    forms = ngettext_noop("%(count)s Karte zurück auf den Spielstapel", "%(count)s Karten zurück auf den Spielstapel")
    return counted(forms, count=len(order)).to_json()


HAZARD_HANDLERS["restack"] = _restack


def checked_order(rule: tuple[list[str], int], raw) -> list[str]:
    """A ``pick`` under a ``pick_rule``: different cards of those allowed, at most as many as it says."""
    allowed, most, _required = rule
    picks = raw if isinstance(raw, list) else [raw]
    strings = all(isinstance(p, str) for p in picks)
    if not strings or len(picks) > most or len(set(picks)) != len(picks) or not set(picks) <= set(allowed):
        raise IllegalAction(
            "bad_pick",
            gettext_noop("„pick“: höchstens %(n)s verschiedene Karten, die der Kartentext nennen lässt."),
            n=most,
        )
    return list(picks)


# --- permanent-events that end by themselves (the Maia manifestations) -------------------------------------------


def note_played(state: State, iid: str) -> None:
    """A permanent or long event comes to lie on the table: how many play decks were exhausted by then ("Discard
    when any play deck is exhausted" counts from here)."""
    state["inst"][iid]["exhausted_at"] = sum(p["exhausted"] for p in state["players"])
    group = _hazard_phase_company(state)
    if group is not None:  # in play during the company's movement/hazard phase: its limit changes now
        group["limit"] += _limit_bonus(state, group, [iid])


def _hazard_phase_company(state: State) -> dict | None:
    turn = state.get("turn") or {}
    if turn.get("phase") != "movement" or not turn.get("company"):
        return None
    group = st.company(state, turn["company"])
    return group if group and group.get("limit") is not None else None


def _limit_bonus(state: State, group: dict, cards) -> int:
    """What these cards in play add to the company's hazard limit (``limit_bonus`` for its player's alignment, or
    for a company moving in one of the ``regions``)."""
    alignment = state["players"][group["owner"]]["alignment"]
    route = set((group.get("route") or {}).get("regions") or ()) if group.get("dest") else set()
    total = 0
    for iid in dict.fromkeys(cards):
        found = scripts.entry(st.info(state, iid)["code"]) or {}
        for e in found.get("while_in_play") or ():
            if e["do"] != "limit_bonus" or alignment not in e.get("alignments", [alignment]):
                continue
            if "regions" in e and not route & set(e["regions"]):
                continue
            total += e["by"]
    return total


def deck_exhausted(state: State, events: list[Event]) -> None:
    """A play deck is exhausted: the cards that say "Discard when any play deck is exhausted" go now; a company in
    its movement/hazard phase loses the hazard limit they gave it."""
    group = _hazard_phase_company(state)
    cards = [iid for iid, _ in _events_in_play(state, "limit_bonus")]
    before = _limit_bonus(state, group, cards) if group and cards else 0
    discard_spent(state, events)
    if before:
        after = _limit_bonus(state, group, [i for i in cards if state["inst"][i]["zone"] == "play"]) if cards else 0
        group["limit"] = max(0, group["limit"] - (before - after))


def limit_lost(state: State, leaving: list[str]) -> None:
    """Cards about to leave play: a company in its movement/hazard phase loses the hazard limit they gave it."""
    group = _hazard_phase_company(state)
    if group is not None and leaving:
        group["limit"] = max(0, group["limit"] - _limit_bonus(state, group, leaving))


def _spent_by(state: State, iid: str) -> str | None:
    """Why a card's continuous effects have ended, or None: a play deck exhausted since it came into play; the
    character it names come into play ("Discard this card if Gandalf comes into play")."""
    found = scripts.entry(st.info(state, iid)["code"]) or {}
    for effect in found.get("while_in_play") or ():
        exhausted = sum(p["exhausted"] for p in state["players"]) > state["inst"][iid].get("exhausted_at", 99)
        if effect["do"] == "discard_on_exhaust" and exhausted:
            return "exhausted"
        if effect["do"] == "discard_if_in_play":
            names = set(effect["names"])
            from .effects_state import face_up_in_play

            if any(info["type"] == "Character" and info["name_en"] in names for _, info in face_up_in_play(state)):
                return "in_play"
    return None


def _live(state: State, word: str):
    return [(iid, effect) for iid, effect in _events_in_play(state, word) if not _spent_by(state, iid)]


def discard_spent(state: State, events: list[Event]) -> None:
    """Checked whenever a phase begins: the cards whose effects have ended are discarded (logged)."""
    from .effects_state import _continuous

    for iid in {
        iid for iid, effect in _continuous(state) if effect["do"] in ("discard_on_exhaust", "discard_if_in_play")
    }:
        if state["inst"][iid]["zone"] == "play" and _spent_by(state, iid):
            st.move(state, iid, "discard")
            _log(events, gettext_noop("%(card)s wird abgeworfen (Kartentext)."), card=st.info(state, iid)["name_de"])
    for iid, _effect in _events_in_play(state, "discard_at_haven"):
        # "Discard this card during its organization phase if the company is at a Haven/Darkhaven"
        from .cardinfo import is_haven

        group = st.company(state, state["inst"][iid].get("on") or "")
        turn = state.get("turn") or {}
        if not group or turn.get("phase") != "organization" or turn.get("active") != group["owner"]:
            continue
        if group["site"] and is_haven(st.info(state, group["site"])) and state["inst"][iid]["zone"] == "play":
            st.move(state, iid, "discard")
            _log(events, gettext_noop("%(card)s wird abgeworfen (Kartentext)."), card=st.info(state, iid)["name_de"])


def limit_bonus(state: State, group: dict) -> int:
    """ "As a permanent-event, the hazard limit against all overt minion companies is increased by one"."""
    return _limit_bonus(state, group, [iid for iid, _ in _live(state, "limit_bonus")])


def is_ring(info: dict) -> bool:
    """A ring item: a gold ring, a special ring (its keywords: Dwarven, Magic, Mind, Lesser, Spirit Ring), The One
    Ring."""
    keywords = info.get("keywords") or ()
    return (
        info["subtype"] == "Gold Ring Item" or info["name_en"] == "The One Ring" or any("Ring" in k for k in keywords)
    )


def extra_corruption(state: State, iid: str) -> list[tuple[str, int]]:
    """(card name, points) added to a character's corruption points: "all ring items give one additional corruption
    point" (Saruman the Wise as a permanent-event), "Corruption points for Palantíri are doubled" (Bane of the
    Ithil-stone)."""
    items = [st.info(state, i) for i in st.attached(state, iid)]
    rings = [i for i in items if is_ring(i)]
    found = [(st.info(state, card)["name_de"], e["by"] * len(rings)) for card, e in _live(state, "ring_corruption")]
    for card, e in _live(state, "item_corruption"):  # "each greater item gives an additional corruption point"
        found.append((st.info(state, card)["name_de"], e["by"] * sum(i["subtype"] in e["subtypes"] for i in items)))
    return [pair for pair in found if pair[1]] + _palantir_points(state, iid)


# --- searching the play deck or the discard pile ----------------------------------------------------------------


def company_without(state: State, group: dict | None, names: list[str]) -> bool:
    """No card of these names lies on the company ("Cannot be duplicated on a given company")."""
    if group is None:
        return True
    on = [i for p in state["players"] for i in p["play"] if state["inst"][i].get("on") == group["id"]]
    return not any(st.info(state, i)["name_en"] in names for i in on)


def search_canceled(state: State, seat: int, zones) -> str | None:
    """The card that "automatically cancels any effect that causes a player to search through or look at any portion
    of a play deck or a discard pile" for this player (Bane of the Ithil-stone, Lady of the Golden Wood), or None."""
    if not {"deck", "discard"} & set(zones):
        return None
    alignment = state["players"][seat]["alignment"]
    for iid, effect in _live(state, "cancel_search"):
        if alignment in effect["alignments"]:
            return st.info(state, iid)["name_de"]
    return None


def _fetch_unless_canceled(ops, state, link, info, effect, events):
    from .effects_apply import APPLY_HANDLERS

    name = search_canceled(state, link["seat"], effect["from"])
    if not name:
        return APPLY_HANDLERS["fetch"](ops, state, link, info, effect, events)
    zones = [z for z in effect["from"] if z not in ("deck", "discard")]  # the sideboard is no play deck
    _log(events, gettext_noop("%(card)s hebt das Durchsuchen auf."), card=name)
    if not zones:
        return Text(gettext_noop("%(card)s hebt das Durchsuchen auf"), {"card": name}).to_json()
    return APPLY_HANDLERS["fetch"](ops, state, link, info, {**effect, "from": zones}, events)


HAZARD_HANDLERS["fetch"] = _fetch_unless_canceled


def _palantir_points(state: State, iid: str) -> list[tuple[str, int]]:
    """ "Corruption points for Palantíri are doubled" (not for a minion player's characters)."""
    alignment = state["players"][state["inst"][iid]["owner"]]["alignment"]
    stones = [i for i in st.attached(state, iid) if "Palantír" in (st.info(state, i).get("keywords") or ())]
    points = sum(st.info(state, i)["corruption"] or 0 for i in stones)
    return [
        (st.info(state, card)["name_de"], points)
        for card, e in _live(state, "palantir_double")
        if points and alignment in e["alignments"]
    ]


def company_draws(state: State, allowance: int, events: list[Event]) -> int:
    """ "Each moving company draws one less card to a minimum of one at the start of its movement/hazard phase"
    (Smaug at Home): the moving player's number of cards."""
    for iid, effect in _live(state, "draw_less"):
        if allowance > effect["min"]:
            allowance = max(effect["min"], allowance - effect["by"])
            _log(
                events,
                gettext_noop("%(card)s: die Gemeinschaft zieht eine Karte weniger (%(n)s)."),
                card=st.info(state, iid)["name_de"],
                n=allowance,
            )
    return allowance

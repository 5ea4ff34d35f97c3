"""Conditions of the resource cards of issue 30's round 2 (``requires`` words the vocabulary of
``effects_match`` lacks): ``tapped``, ``char_name``, ``at_site_name``, ``leader``, ``magic``, ``influencing`` on a
character; ``own_in_play``, ``deck_min``, ``not_this_turn``, ``agent``, the attack's words and the company
target's ``at_site_type``, ``can_bring``, ``on_guard``; and the character a card brings into play (``pick``)."""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import state as st
from . import uniqueness
from .cardinfo import key
from .effects_state import race_keys
from .log_text import part


def _bring_effect(mode: dict) -> dict | None:
    """The conditions of a ``bring_character`` play (``requires.can_bring``: ``not_race``, ``influence``
    ``any``/``direct``); None when the mode brings no character."""
    if not any(e["do"] == "bring_character" for e in mode["effects"]):
        return None
    return mode["requires"].get("can_bring", {})


def _bringable(state: State, iid: str, effect: dict) -> bool:
    info = st.info(state, iid)
    if info["type"] != "Character" or (
        effect.get("not_race") and race_keys(info["race"]) & race_keys(",".join(effect["not_race"]))
    ):
        return False
    return not uniqueness.clash(state, info)


def controller_for(state: State, group: dict, iid: str, effect: dict) -> str | bool | None:
    """Who controls the character brought into ``group``: None (general influence), a character of the company
    (direct influence), or False (nobody has enough unused influence, or the company is full). Decision: the
    table takes general influence where the card allows it and it is enough (and the avatar is not elsewhere),
    else the character of the company with the most unused direct influence."""
    info = st.info(state, iid)
    mind = info["mind"] or 0
    if st.company_size(state, [*group["chars"], iid]) > st.MAX_COMPANY_SIZE:
        return False
    avatar = st.avatar_in_play(state, group["owner"])
    general = effect.get("influence", "any") == "any" and (avatar is None or avatar in group["chars"])
    if general and st.general_influence_used(state, group["owner"]) + mind <= st.GENERAL_INFLUENCE:
        return None
    leaders = [c for c in group["chars"] if state["inst"][c]["controller"] is None]
    best = max(leaders, key=lambda c: st.direct_influence_free(state, c), default=None)
    return best if best and st.direct_influence_free(state, best) >= mind else False


def magic_cards(state: State, seat: int, names=None) -> list[str]:
    """The magic cards in the player's play deck and discard pile ("take a magic card from your play deck or
    discard pile"), or the cards of these ``names`` ("take the Fortress of the Towers card"), one of each."""
    player, seen, found = state["players"][seat], set(), []
    for iid in [*player["deck"], *player["discard"]]:
        info = st.info(state, iid)
        wanted = info["name_en"] in names if names else info.get("magic_card")
        if wanted and info["code"] not in seen:
            seen.add(info["code"])
            found.append(iid)
    return found


def pick_options(state: State, seat: int, mode: dict) -> list[str] | None:
    """The characters in hand a ``bring_character`` play may name (one button each), the magic cards a
    ``fetch_magic`` play may take; None: no such effect."""
    fetch = next((e for e in mode["effects"] if e["do"] in ("fetch_magic", "fetch_named")), None)
    if fetch is not None:
        return magic_cards(state, seat, fetch.get("names"))[:8]
    top = next((e for e in mode["effects"] if e["do"] == "take_from_top"), None)
    if top is not None:  # "reveal up to 8 cards from the top of your play deck. Choose one …"
        return state["players"][seat]["deck"][: top["n"]]
    effect = _bring_effect(mode)
    if effect is None:
        return None
    hand = state["players"][seat]["hand"]
    return [iid for iid in hand if _bringable(state, iid, effect)][:8]


def checked_pick(state: State, seat: int, mode: dict, raw) -> list[str] | None:
    """The character a ``bring_character`` play names, the card a ``fetch_magic`` play takes, checked (None: no
    such effect)."""
    picks = raw if isinstance(raw, list) else [raw]
    fetch = next((e for e in mode["effects"] if e["do"] in ("fetch_magic", "fetch_named")), None)
    if fetch is not None:
        if len(picks) != 1 or picks[0] not in magic_cards(state, seat, fetch.get("names")):
            raise IllegalAction(
                "bad_pick",
                gettext_noop(
                    "„pick“: eine Karte, die der Kartentext aus deinem Spielstapel oder deinem Ablagestapel holt."
                ),
            )
        return picks
    top = next((e for e in mode["effects"] if e["do"] == "take_from_top"), None)
    if top is not None:
        if len(picks) != 1 or picks[0] not in state["players"][seat]["deck"][: top["n"]]:
            raise IllegalAction(
                "bad_pick", gettext_noop("„pick“: eine der obersten %(n)s Karten deines Spielstapels."), n=top["n"]
            )
        return picks
    effect = _bring_effect(mode)
    if effect is None:
        return None
    if len(picks) != 1 or picks[0] not in pick_options(state, seat, mode):
        raise IllegalAction(
            "bad_pick",
            gettext_noop("„pick“: ein Charakter aus deiner Hand, den %(what)s ins Spiel bringen darf."),
            what=part(gettext_noop("Charakter ins Spiel bringen")),
        )
    return picks


def can_bring(state: State, seat: int, group: dict | None, want: dict) -> bool:
    """Some character in hand could be brought into this company now."""
    return bool(group) and any(
        _bringable(state, iid, want) and controller_for(state, group, iid, want) is not False
        for iid in state["players"][seat]["hand"]
    )


def character_ok(state: State, iid: str, want: dict) -> bool:
    """``tapped``; ``char_name`` (his English name); ``at_site_name`` (his company's site); ``influencing``: the
    character is the one attempting to influence a faction now (a faction he plays waits on the chain)."""
    if want.get("tapped") and not state["inst"][iid]["tapped"]:
        return False
    if "char_name" in want and st.info(state, iid)["name_en"] not in want["char_name"]:
        return False
    if want.get("leader") and not is_leader(st.info(state, iid)):
        return False
    if "magic" in want and not uses_magic(st.info(state, iid), want["magic"]):
        return False
    if "at_site_name" in want:
        group = st.company_of(state, iid)
        site = st.info(state, group["site"])["name_en"] if group and group.get("site") else ""
        if site not in want["at_site_name"]:
            return False
    if want.get("influencing"):
        return any(
            link.get("bearer") == iid and st.info(state, link["card"])["subtype"] == "Faction"
            for link in state["chain"]
        )
    return True


def is_leader(info: dict) -> bool:
    """A leader ("Leader." among the card's keywords) or The Balrog."""
    return info["name_en"] == "The Balrog" or bool(info.get("leader"))


def uses_magic(info: dict, kind: str) -> bool:
    """ "a sorcery-using character": "Can use sorcery" in the card data, or a Ringwraith (the cards' "Unless he
    is a Ringwraith, he makes a corruption check" has him play them)."""
    return kind in (info.get("magic") or ()) or "ringwraith" in race_keys(info["race"])


def _own_in_play(state: State, seat: int, names: list[str]) -> bool:
    wanted = {key(n) for n in names}
    return any(
        key(st.info(state, iid)["name_en"]) in wanted and not state["inst"][iid]["face_down"]
        for iid in state["players"][seat]["play"]
    )


def target_ok(state: State, seat: int, target: dict, want: dict) -> bool:
    """``own_in_play``/``not_own_in_play``: a face-up card of these names among the player's own cards in play
    (or none: "Cannot be duplicated by a given player"); ``deck_min`` (cards
    in the play deck); ``not_this_turn`` (no effect of a card of these names in force this turn); ``agent``: the card
    target is an agent (face up: only those are targets); on a company target ``at_site_type`` (the site it is
    at, not the one it moves to), ``can_bring`` (a character in hand could join it now) and ``on_guard`` (the
    opponent has a card on guard at it)."""
    if "own_in_play" in want and not _own_in_play(state, seat, want["own_in_play"]):
        return False
    if "not_own_in_play" in want and _own_in_play(state, seat, want["not_own_in_play"]):
        return False
    if "deck_min" in want and len(state["players"][seat]["deck"]) < want["deck_min"]:
        return False
    if "not_this_turn" in want and any(  # "Cannot be duplicated on a given turn": its effects are still in force
        e["card"] in state["inst"] and st.info(state, e["card"])["name_en"] in want["not_this_turn"]
        for e in state.get("effects") or ()
    ):
        return False
    attack = state.get("attack") or {}
    if "attacker_chooses" in want and bool(attack.get("attacker_chooses")) != want["attacker_chooses"]:
        return False
    if want.get("not_site_keyed") and (attack.get("key") or {}).get("kind") not in ("region", "region_type"):
        return False  # "not keyed to a site": a creature attack keyed to a region (type)
    if "not_on_target" in want and target["kind"] == "card":  # "Cannot be duplicated on a given faction"
        names = set(want["not_on_target"])
        if any(st.info(state, i)["name_en"] in names for i in st.attached(state, target["id"])):
            return False
    if want.get("company_leader"):
        group = st.company(state, attack["company"]) if attack else None
        if target["kind"] == "character":
            group = st.company_of(state, target["id"])
        if group is None or not any(is_leader(st.info(state, c)) for c in group["chars"]):
            return False
    if want.get("not_auto") and attack.get("source") == "auto":
        return False
    if want.get("site_keyed") and (attack.get("key") or {}).get("kind") not in ("site", "site_type"):
        return False
    if "not_attack_race" in want and race_keys(attack.get("race") or "") & race_keys(",".join(want["not_attack_race"])):
        return False
    if "not_this_attack" in want and set(want["not_this_attack"]) & set(attack.get("marked") or ()):
        return False
    if want.get("agent") and not (target["kind"] == "card" and state["inst"][target["id"]].get("agent")):
        return False
    if not {"at_site_type", "can_bring", "on_guard"} & want.keys():
        return True
    group = st.company(state, target.get("id") or "") if target["kind"] == "company" else None
    if group is None or not group.get("site"):
        return False
    if want.get("on_guard") and not any(state["inst"][i]["owner"] != seat for i in group["on_guard"]):
        return False
    if "at_site_type" in want and st.info(state, group["site"])["site_type"].strip("{}") not in want["at_site_type"]:
        return False
    return "can_bring" not in want or can_bring(state, seat, group, want["can_bring"])

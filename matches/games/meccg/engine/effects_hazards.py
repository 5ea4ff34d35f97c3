"""Hazard card text the table carries out in round 2 of issue 30, the combat side: the creatures' further printed
text, attacks made or copied by hazards, keys opened by an earlier attack. The events in play, checks, the hand and
the permanent-events that end by themselves are ``effects_hazards_events.py`` (re-exported here: the rules import
this module through ``effects.py``, ``effects_match``, ``effects_play``, ``effects_triggers``, ``effects_resolve``).

Creature words (``creature = { … }``, or ``as_creature`` of a creature/permanent-event card):

- ``prowess_vs`` ``{races, by}``: "+4 prowess versus Ringwraiths" — each strike against a character of these races;
- ``prowess_vs_alignment`` ``{alignments, by}``: "-3 prowess against hero companies";
- ``tap_if_mind``: "Any character facing a strike whose mind is equal to or lower than the strike's prowess must tap
  if untapped following the strike (unless the strike is canceled)";
- ``company_bonus`` ``{races, prowess, strikes}``: "Unless this attack is canceled, all other <race> attacks against
  the company for the rest of the turn receive +1 strike and +1 prowess";
- ``faced_keys`` ``{races, site_types}``: "Maia hazard creatures may be keyed to Border-holds or Ruins & Lairs
  against any company that has faced Dwarven Travelers this turn";
- ``not_home_site`` (site names): "May not be played against a company containing a character with Bree as a home
  site".
"""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, counted, gettext_noop, ngettext_noop

from . import scripts
from . import state as st
from .cardinfo import key
from .effects_hazards_events import (
    HAZARD_HANDLERS,
    _events_in_play,
    _live,
    _log,
    bears_kind,
    checked_order,
    company_draws,
    company_without,
    deck_exhausted,
    discard_instead,
    discard_spent,
    extra_corruption,
    influence_succeeded,
    item_gained,
    limit_bonus,
    note_played,
    pay_pick,
    pick_rule,
    return_by_effect,
    spared,
    tap_sites,
    turn_ends,
)
from .effects_state import add, race_keys

__all__ = [
    "HAZARD_HANDLERS",
    "after_attack",
    "after_strike",
    "attack_by",
    "attack_without",
    "bears_kind",
    "body_equal_discards",
    "cancel_redirected",
    "checked_order",
    "company_attack_bonus",
    "company_draws",
    "company_without",
    "creature_words",
    "deck_exhausted",
    "dest_has_auto",
    "discard_instead",
    "discard_spent",
    "duplicated_auto_attacks",
    "extra_corruption",
    "extra_keys",
    "faced",
    "influence_succeeded",
    "item_gained",
    "limit_bonus",
    "note_played",
    "pay_pick",
    "pick_rule",
    "refuse_creature",
    "return_by_effect",
    "site_auto_attacks",
    "spared",
    "tap_sites",
    "turn_ends",
]

CREATURE_WORDS = (
    "prowess_vs",
    "tap_if_mind",
    "company_bonus",
    "faced_keys",
    "prowess_vs_alignment",
    "equal_body_discards",
    "attacker_chooses",
)


def creature_words(state: State, info: dict, attack: dict, text: dict) -> None:
    """The creature's further printed text, carried by its attack (a creature/permanent-event card: its
    ``as_creature``)."""
    if not text and state.get("card_text", True):
        text = (scripts.entry(info["code"]) or {}).get("as_creature") or {}
    for word in CREATURE_WORDS:
        if word in text:
            attack[word] = text[word]


def refuse_creature(state: State, group: dict, info: dict) -> None:
    """ "May not be played against a company containing a character with Bree as a home site"."""
    sites = scripts.creature(info["code"], state).get("not_home_site")
    if not sites:
        return
    wanted = {key(s) for s in sites}
    for iid in group["chars"]:
        homes = {key(h) for h in (st.info(state, iid).get("home_site") or "").split(",")}
        if homes & wanted:
            raise IllegalAction(
                "not_against_home_site",
                gettext_noop(
                    "%(card)s: nicht spielbar gegen eine Gemeinschaft mit %(character)s (Heimatort %(site)s)."
                ),
                card=info["name_de"],
                character=st.info(state, iid)["name_de"],
                site=", ".join(sites),
            )


def after_strike(state: State, attack: dict, strike_prowess: int, events: list[Event]) -> None:
    """A strike was rolled (not canceled): "must tap if untapped following the strike" when the character's mind
    is at most the strike's prowess (Wisp of Pale Sheen)."""
    iid = attack.get("strike")
    if not attack.get("tap_if_mind") or iid not in state["inst"]:
        return
    card = state["inst"][iid]
    mind = st.info(state, iid).get("mind") or 0
    if card["zone"] == "play" and not card["tapped"] and mind <= strike_prowess:
        card["tapped"] = True
        _log(
            events,
            gettext_noop("%(card)s: %(character)s (Geisteskraft %(mind)s) tappt nach dem Hieb."),
            card=attack["name"],
            character=st.info(state, iid)["name_de"],
            mind=mind,
        )


def after_attack(state: State, attack: dict, events: list[Event]) -> None:
    """ "Unless <creature>'s attack is canceled, all other <race> attacks against the company for the rest of the
    turn receive …" (Chill Douser): an effect on the company until the end of the turn."""
    faced(state, attack)
    bonus = attack.get("company_bonus")
    if not bonus or attack.get("canceled") or not attack.get("card"):
        return
    info = st.info(state, attack["card"])
    extra = {"races": bonus["races"], "strikes": bonus.get("strikes", 0)}
    prowess = bonus.get("prowess", 0)
    add(state, {"card": attack["card"]}, info, attack["company"], "company_attacks", prowess, "turn", **extra)
    _log(
        events,
        gettext_noop(
            "%(card)s: weitere Angriffe dieser Rasse auf die Gemeinschaft werden bis zum Ende der Runde verstärkt."
        ),
        card=info["name_de"],
    )


def company_attack_bonus(state: State, attack: dict, group: dict | None) -> list[tuple[str, dict]]:
    """(card name, {"prowess", "strikes"}) of the effects this turn on attacks of this race against the company."""
    if group is None:
        return []
    races = race_keys(attack.get("race") or "")
    versus = attack.get("prowess_vs_alignment")  # "Detainment and -3 prowess against hero companies"
    own = []
    if versus and state["players"][group["owner"]]["alignment"] in versus["alignments"]:
        own = [(attack["name"], {"prowess": versus["by"], "strikes": 0})]
    for iid, effect in _live(state, "race_attacks"):  # "all Maia attacks: receive +1 prowess and +1 strike and …"
        if races & race_keys(",".join(effect["races"])):
            own.append((st.info(state, iid)["name_de"], {"prowess": effect["prowess"], "strikes": effect["strikes"]}))
            attack["attacker_chooses"] = attack.get("attacker_chooses") or effect.get("attacker_chooses", False)
    return own + [
        (e["name"], {"prowess": e["by"], "strikes": e["strikes"]})
        for e in state.get("effects") or ()
        if e["stat"] == "company_attacks" and e["target"] == group["id"] and races & race_keys(",".join(e["races"]))
    ]


def duplicated_auto_attacks(state: State, attacks: list[dict], events: list[Event]) -> list[dict]:
    """ "All Undead automatic-attacks are duplicated (i. e., each must be faced twice, including all
    modifications)": each such attack is followed by its copy (The Moon Is Dead)."""
    found = _events_in_play(state, "duplicate_auto")
    out = []
    for attack in attacks:
        out.append(attack)
        races = race_keys(attack.get("race") or "")
        by = next((iid for iid, e in found if races & race_keys(",".join(e["races"]))), None)
        if by:
            out.append(dict(attack))
            _log(
                events,
                gettext_noop("%(card)s: der automatische Angriff %(attack)s wird zweimal ausgeführt."),
                card=st.info(state, by)["name_de"],
                attack=attack["name"],
            )
    return out


def site_auto_attacks(state: State, site: dict, attacks: list[dict], events: list[Event]) -> list[dict]:
    """The site's automatic-attacks as the cards in play make them: "Unless Daelomin Ahunt is in play, Dancing
    Spire has an additional automatic-attack: Dragon — 3 strikes at 14/8"; then The Moon Is Dead's doubling."""
    from .effects_state import in_play

    attacks = list(attacks)
    for iid, effect in _events_in_play(state, "site_attack"):
        if key(site["name_en"]) != key(effect["site"]) or in_play(state, effect.get("unless_in_play") or []):
            continue
        name = st.info(state, iid)["name_de"]
        values = {k: effect[k] for k in ("race", "strikes", "prowess", "body")}
        attacks.append({"name": name, **values, "detainment": False, "each_character": False, "source": "auto"})
        attacks[-1]["card"] = None
        _log(events, gettext_noop("%(card)s: der Ort hat einen weiteren automatischen Angriff."), card=name)
    return duplicated_auto_attacks(state, attacks, events)


# --- an attack made stronger until someone tries to cancel it -------------------------------------------------


def _shield(ops, state, link, info, effect, events):
    """ "The attack receives +1 strike, +1 prowess, and -2 body. The first attempt to cancel this attack instead
    cancels the effects of this card. Cannot be duplicated on a given attack" (Unabated in Malice)."""
    attack = state.get("attack")
    if not attack or info["name_en"] in attack.get("cards", ()):
        return None
    values = {"strikes": effect.get("strikes", 0), "prowess": effect.get("prowess", 0), "body": effect.get("body", 0)}
    attack.setdefault("cards", []).append(info["name_en"])
    _bolster(attack, values, 1)
    attack["shield"] = {"name": info["name_de"], **values}
    return Text(
        gettext_noop("der Angriff erhält %(strikes)s Hiebe, %(prowess)s Kampfgeschick, %(body)s Konstitution"),
        {k: f"{v:+d}".replace("-", "−") for k, v in values.items()},
    ).to_json()


def _bolster(attack: dict, values: dict, sign: int) -> None:
    attack["strikes"] = max(1, attack["strikes"] + sign * values["strikes"])
    attack["left"] = max(0, attack["left"] + sign * values["strikes"])
    attack["prowess_mod"] = attack.get("prowess_mod", 0) + sign * values["prowess"]
    if attack.get("body") is not None:
        attack["body"] = attack["body"] + sign * values["body"]


HAZARD_HANDLERS["shield_attack"] = _shield


def attack_without(state: State, names: list[str]) -> bool:
    """No card of these names has already acted on the attack ("Cannot be duplicated on a given attack")."""
    attack = state.get("attack") or {}
    return not set(names) & set(attack.get("cards") or ())


def cancel_redirected(state: State, events: list[Event]) -> bool:
    """An attempt to cancel the attack: when a card's text takes the first such attempt, its effects end instead
    and the attack goes on (True)."""
    attack = state.get("attack")
    shield = (attack or {}).pop("shield", None)
    if not shield:
        return False
    _bolster(attack, shield, -1)
    _log(
        events,
        gettext_noop("Der Abbruch hebt stattdessen die Wirkung von %(card)s auf; der Angriff geht weiter."),
        card=shield["name"],
    )
    return True


def attack_by(state: State, names: list[str]) -> bool:
    """The attack is made by a creature of exactly one of these names ("an attack from Shelob", not Shelob's
    Brood)."""
    attack = state.get("attack") or {}
    return bool(attack.get("card")) and st.info(state, attack["card"])["name_en"] in names


# --- keying opened by an earlier attack ---------------------------------------------------------------------------


def faced(state: State, attack: dict) -> None:
    """ "… against any company that has faced Dwarven Travelers this turn" (its attack not canceled): the keys it
    opens to other creatures are kept on the company until the end of the turn."""
    keys = attack.get("faced_keys")
    if not keys or attack.get("canceled") or not attack.get("card"):
        return
    info = st.info(state, attack["card"])
    add(state, {"card": attack["card"]}, info, attack["company"], "faced_keys", 0, "turn", **keys)


def extra_keys(state: State, info: dict, group: dict, found, at_site: bool = False):
    """ "Maia hazard creatures may be keyed to Border-holds [{B}] or Ruins & Lairs [{R}] against any company that
    has faced Dwarven Travelers this turn": the site type of the company's site (destination when moving) is one
    more key of such a creature."""
    from .keying import Key, detainment

    races = race_keys(info.get("race") or "")
    site = group["dest"] if group.get("dest") and not at_site else group["site"]
    symbol = (st.info(state, site).get("site_type") or "").strip("{}") if site else ""
    for effect in state.get("effects") or ():
        if effect["target"] != group["id"] or effect["stat"] != "faced_keys":
            continue
        if not races & race_keys(",".join(effect["races"])) or symbol not in effect["site_types"]:
            continue
        if any(k.kind == "site_type" and k.symbol == symbol for k in found.keys):
            break
        alignment = state["players"][group["owner"]]["alignment"]
        held = detainment(info, alignment, Key("site_type", symbol), st.info(state, site), state["regions"])
        found.keys.append(Key("site_type", symbol, detainment=held))
        found.playable = True
        break
    return found


# --- attacks copied from a site ---------------------------------------------------------------------------------


def _site_attacks(state: State, group: dict | None, events: list[Event]) -> list[dict]:
    """The automatic-attacks of the site the company is moving to, as the cards in play make them."""
    from . import sites

    if not group or not group.get("dest"):
        return []
    site = st.info(state, group["dest"])
    alignment = state["players"][group["owner"]]["alignment"]
    return site_auto_attacks(state, site, sites.automatic_attacks(site, alignment), events)


def dest_has_auto(state: State, group: dict | None) -> bool:
    """ "Playable on a company moving to a site with an automatic-attack"."""
    return bool(_site_attacks(state, group, []))


def _copy_site_attacks(ops, state, link, info, effect, events):
    """ "This card creates one or more attacks on the company, the total of which duplicates exactly (including
    modifications) all automatic-attacks at the site. These attacks must be faced immediately and are not considered
    automatic-attacks" (Tidings of Bold Spies): what the cards in play give automatic-attacks only is added now;
    what they give every attack of the race, when each attack starts."""
    from .effects_state import attack_bonus

    group = st.company(state, link["target"].get("id") or "")
    attacks = _site_attacks(state, group, events)
    if not attacks or state.get("attack"):
        return None
    copies = []
    for attack in attacks:
        as_auto = attack_bonus(state, {**attack, "source": "auto"})
        as_other = attack_bonus(state, {**attack, "source": "event"})
        extra = [found[1] for found in as_auto if found not in as_other]  # for automatic-attacks only
        copy = {**attack, "source": "event", "name": attack["name"]}
        copy["prowess"] += sum(v["prowess"] for v in extra)
        copy["strikes"] = max(1, copy["strikes"] + sum(v["strikes"] for v in extra))
        copies.append(copy)
    ops._start_attack(state, group, {**copies[0], "queue": copies[1:]}, events)
    forms = ngettext_noop("%(count)s Angriff wie die des Ortes", "%(count)s Angriffe wie die des Ortes")
    return counted(forms, count=len(copies)).to_json()


HAZARD_HANDLERS["copy_site_attacks"] = _copy_site_attacks


def body_equal_discards(state: State, iid: str, total: int, body: int, events: list[Event]) -> bool:
    """ "If the body check for a non-Wizard, non-Ringwraith character wounded by Giant Spiders equals his body, the
    character is discarded" (True: he is)."""
    attack = state.get("attack") or {}
    word = attack.get("equal_body_discards")
    if not word or total != body or race_keys(st.info(state, iid)["race"]) & race_keys(",".join(word["not_race"])):
        return False
    st.move(state, iid, "discard")
    _log(
        events,
        gettext_noop("%(card)s: %(character)s wird abgeworfen."),
        card=attack["name"],
        character=st.info(state, iid)["name_de"],
    )
    return True

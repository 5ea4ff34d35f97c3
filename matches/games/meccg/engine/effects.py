"""The interpreter of card scripts (``scripts.py``), playing side: where a scripted card may be played, on what,
by whom, what it costs, and the buttons with their targets filled in (issues 29, 30).

What a card does when it resolves is ``effects_apply.py``; the effects it leaves in force and the continuous
effects of events in play are ``effects_state.py`` (re-exported here, so the rules import one module).
"""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import effects_state, scripts, windows
from . import state as st
from .effects_apply import EFFECT_WORDS, STAT_NAMES, resolve
from .effects_match import character_ok, company_ok, table_ok
from .effects_state import (
    attack_bonus,
    doors_of_night,
    expire,
    has,
    in_play,
    modifiers,
    race_keys,
    stays_tapped,
    use,
)

__all__ = [
    "attack_bonus",
    "doors_of_night",
    "expire",
    "has",
    "in_play",
    "modifiers",
    "race_keys",
    "resolve",
    "stays_tapped",
    "use",
]

CARD_WINDOWS = ("attack", "strike", "body_check")
OWN_PHASES = scripts.OWN_PHASES
NO_ANY = ("request", "trim", "deck", "draft", "start", "council", "over")


def play_window(state: State) -> str:
    """The window a card would be played in now: a chain's answers belong to the window it began in."""
    if state["chain"]:
        return state.get("chain_window") or "chain"
    return windows.current(state).name


def side_seat(state: State, window: str, hazard: bool) -> int | None:
    """Who plays a card of this side in this window (None: nobody)."""
    turn = state.get("turn")
    if window in CARD_WINDOWS:
        attack = state.get("attack")
        if not attack:
            return None
        return attack["attacker"] if hazard else attack["defender"]
    if not turn or window not in OWN_PHASES:
        return None
    if hazard:
        return 1 - turn["active"] if window == "movement" else None
    return turn["active"]


def _may_play(state: State, seat: int, hazard: bool, mode: dict, window: str) -> bool:
    if "any" in mode["play"] and state["stage"] == "play" and state.get("turn") and window not in NO_ANY:
        return True
    return window in mode["play"] and side_seat(state, window, hazard) == seat


def window_company(state: State, window: str) -> dict | None:
    """The company cards of this window are about: the attacked one, or the one whose phase it is."""
    if state.get("attack") and (window in CARD_WINDOWS or state["attack"]):
        return st.company(state, state["attack"]["company"])
    turn = state.get("turn")
    if turn and turn.get("company"):
        return st.company(state, turn["company"])
    return None


def _targets(state: State, seat: int, hazard: bool, mode: dict, window: str) -> list[dict]:
    kind = mode["target"]
    attack = state.get("attack")
    if kind == "none":
        return [{"kind": "table"}]
    if kind == "attack":
        return [{"kind": "attack"}] if attack else []
    if kind == "striked":
        return [{"kind": "character", "id": attack["strike"]}] if attack and attack.get("strike") else []
    if kind == "card":
        return [{"kind": "card", "id": iid} for iid, _ in effects_state.face_up_in_play(state)]
    if kind == "link":
        return [{"kind": "link", "id": link["card"]} for link in state["chain"]]
    if kind == "any_character":
        return [{"kind": "character", "id": iid} for s in (0, 1) for iid in st.characters_in_play(state, s)]
    group = window_company(state, window)
    if kind == "company":
        if hazard or attack or (window != "organization" and group):
            return [{"kind": "company", "id": group["id"]}] if group else []
        return [{"kind": "company", "id": c["id"]} for c in state["companies"] if c["owner"] == seat]
    if kind == "attacked" or hazard:
        chars = list(group["chars"]) if group else []
    elif group and window in ("movement", "site"):
        chars = list(group["chars"])
    else:
        chars = st.characters_in_play(state, seat)
    return [{"kind": "character", "id": iid} for iid in chars]


def _card_ok(state: State, seat: int, target: dict, want: dict) -> bool:
    iid = target["id"]
    if target["kind"] == "link":
        if not any(link["card"] == iid for link in state["chain"]):
            return False
    elif state["inst"].get(iid, {}).get("zone") != "play":
        return False
    info = st.info(state, iid)
    if "type" in want and info["type"] != want["type"]:
        return False
    if info["type"] in ("Site", "Region") or (info["type"] == "Character" and want.get("type") != "Character"):
        return False
    if "subtype" in want and not any(word in info["subtype"] for word in want["subtype"]):
        return False
    if "environment" in want and bool(info.get("environment")) != want["environment"]:
        return False
    if "name" in want and info["name_en"] not in want["name"]:
        return False
    owner = state["inst"][iid]["owner"]
    return not ("side" in want and (owner == seat) != (want["side"] == "own"))


def _target_ok(state: State, seat: int, target: dict, requires: dict) -> bool:
    if not table_ok(state, requires):
        return False
    kind = target["kind"]
    if kind in ("card", "link"):
        return _card_ok(state, seat, target, requires["card"])
    if kind == "company":
        return company_ok(state, st.company(state, target["id"]), requires)
    if kind == "character":
        iid = target["id"]
        return character_ok(state, iid, requires) and company_ok(state, st.company_of(state, iid), requires)
    group = window_company(state, play_window(state))
    return company_ok(state, group, requires) if group else not _company_words(requires)


def _company_words(requires: dict) -> bool:
    return bool({"moving", "route_has", "route_count", "site_type", "alignment"} & requires.keys())


def _actors(state: State, seat: int, mode: dict, target: dict, window: str) -> list[str | None]:
    if "actor" not in mode:
        return [None]
    group = window_company(state, window) if window in CARD_WINDOWS or state.get("attack") else None
    if target["kind"] == "character" and st.company_of(state, target["id"]):
        own_target = state["inst"][target["id"]]["owner"] == seat
        group = st.company_of(state, target["id"]) if own_target else group
    if target["kind"] == "company":
        found = st.company(state, target["id"])
        group = found if found and found["owner"] == seat else group
    chars = list(group["chars"]) if group and group["owner"] == seat else st.characters_in_play(state, seat)
    tap = "tap_actor" in mode["cost"]
    return [
        iid
        for iid in chars
        if character_ok(state, iid, mode["actor"])
        and not (tap and (state["inst"][iid]["tapped"] or state["inst"][iid]["wounded"]))
    ]


def _usable(state: State, seat: int, hazard: bool, mode: dict, window: str) -> list[tuple[dict, str | None]]:
    """(target, actor) pairs this mode may be played on now (empty: not playable)."""
    if not _may_play(state, seat, hazard, mode, window):
        return []
    if window == "strike" and not hazard and mode["requires"].get("skill") and _skill_card_played(state):
        return []  # "pro Hieb nur eine Unterstützungskarte …, die einen Beruf erfordert"
    tap_target = "tap_target" in mode["cost"]
    found = []
    for target in _targets(state, seat, hazard, mode, window):
        if not _target_ok(state, seat, target, mode["requires"]):
            continue
        if tap_target and (state["inst"][target["id"]]["tapped"] or state["inst"][target["id"]]["wounded"]):
            continue
        found += [(target, actor) for actor in _actors(state, seat, mode, target, window)]
    return found


def _skill_card_played(state: State) -> bool:
    attack = state.get("attack")
    return bool(attack and attack.get("skill_card") == attack.get("strike"))


def _hazard(info: dict) -> bool:
    return info["type"] == "Hazard"


def uses(state: State, seat: int, iid: str) -> list[tuple[int, dict, list[tuple[dict, str | None]]]]:
    """(mode index, mode, (target, actor) pairs) for every use of a scripted hand card possible now."""
    info = st.info(state, iid)
    script = scripts.script(info["code"], state)
    if script is None:
        return []
    window = play_window(state)
    found = []
    for index, mode in enumerate(script["modes"]):
        pairs = _usable(state, seat, _hazard(info), mode, window)
        if pairs:
            found.append((index, mode, pairs))
    return found


def any_time(state: State, seat: int, iid: str) -> bool:
    """A card of the ``any`` window playable now by its holder (Twilight): outside the phase rules."""
    window = play_window(state)
    return any("any" in mode["play"] and window not in mode["play"] for _, mode, _ in uses(state, seat, iid))


def holds_playable(state: State, seat: int) -> bool:
    """Whether ``seat`` holds a scripted card it could play now, or has a card in play whose ability it could
    use (a card window asks nobody else)."""
    from .effects_abilities import holds_ability

    return any(uses(state, seat, iid) for iid in state["players"][seat]["hand"]) or holds_ability(state, seat)


def choose(state: State, seat: int, iid: str, action: dict) -> tuple[int, dict, dict, str | None]:
    """The mode, target and actor of a scripted play, checked; raises with the reason otherwise."""
    info = st.info(state, iid)
    script = scripts.script(info["code"], state)
    window = play_window(state)
    modes = list(enumerate(script["modes"]))
    mode_raw = action.get("mode")
    if mode_raw is not None:
        if isinstance(mode_raw, bool) or not isinstance(mode_raw, int) or not 0 <= mode_raw < len(modes):
            raise IllegalAction(
                "bad_mode",
                gettext_noop("„mode“ wählt eine der %(n)s Verwendungen von %(card)s (ab 0)."),
                n=len(modes),
                card=info["name_de"],
            )
        modes = [modes[mode_raw]]
    playable = [(i, m) for i, m in modes if _may_play(state, seat, _hazard(info), m, window)]
    if not playable:
        raise IllegalAction(
            "not_now",
            gettext_noop("%(card)s ist jetzt nicht spielbar (Kartentext: %(windows)s)."),
            card=info["name_de"],
            windows=", ".join(sorted({w for _, m in modes for w in m["play"]})),
        )
    wanted = _wanted(action.get("target"))
    actor_raw = action.get("actor")
    for index, mode in playable:
        for target, actor in _usable(state, seat, _hazard(info), mode, window):
            if wanted is not None and mode["target"] not in ("none", "attack", "striked") and target["id"] != wanted:
                continue
            if actor_raw is not None and actor != actor_raw:
                continue
            return index, mode, target, actor
    raise IllegalAction(
        "bad_target",
        gettext_noop("%(card)s: kein gültiges Ziel (Kartentext: %(text)s)."),
        card=info["name_de"],
        text=script["text"][:200],
    )


def _wanted(raw) -> str | None:
    if isinstance(raw, dict):
        return raw.get("id")
    return raw if isinstance(raw, str) else None


def pay(state: State, mode: dict, target: dict, actor: str | None, events: list[Event], name: str) -> None:
    for cost, who in (("tap_target", target.get("id")), ("tap_actor", actor)):
        if cost in mode["cost"] and who:
            state["inst"][who]["tapped"] = True
            events.append(
                Event(
                    Text(
                        gettext_noop("%(character)s tappt für %(card)s."),
                        {"character": st.info(state, who)["name_de"], "card": name},
                    ),
                    data={"kind": "log"},
                )
            )


# --- buttons -----------------------------------------------------------------------------------------------


def play_candidates(state: State, seat: int, iid: str) -> list[dict]:
    """One button per use, target and actor of a scripted hand card playable now: "Risky Blow → Aragorn II
    (Kampfgeschick +3, …)"; the label's words are marked German texts, rendered for the reader. A card that
    brings cards back offers one button per card it could bring (the pick made with the play)."""
    info = st.info(state, iid)
    out = []
    for index, mode, pairs in uses(state, seat, iid):
        what = [_effect_word(effect) for effect in mode["effects"]]
        picks = _pick_options(state, seat, mode)
        for target, actor in pairs[:12]:
            action: dict = {"type": "play_card", "card": iid, "mode": index}
            if target["kind"] in ("character", "company", "card", "link"):
                action["target"] = target
            if actor:
                action["actor"] = actor
            label = _label(state, info, target, actor, what)
            cards = [iid] + [x for x in (target.get("id"), actor) if x and x in state["inst"]]
            for pick in picks:
                extra = {"pick": [pick]} if pick else {}
                shown = label if not pick else _pick_label(state, label, pick)
                out.append({**action, **extra, "label": shown, "cards": cards})
    return out


def _pick_options(state: State, seat: int, mode: dict) -> list[str | None]:
    from .effects_apply import fetchable

    fetch = next((e for e in mode["effects"] if e["do"] == "fetch"), None)
    if fetch is None:
        return [None]
    seen, found = set(), []
    for iid in fetchable(state, seat, fetch):
        code = state["inst"][iid]["code"]
        if code not in seen:
            seen.add(code)
            found.append(iid)
    return found[:8] or [None]


def _label(state: State, info: dict, target: dict, actor: str | None, what: list) -> dict:
    name = st.info(state, target["id"])["name_de"] if target.get("id") in state["inst"] else ""
    params = {"card": info["name_de"], "target": name, "effects": what}
    if actor:
        params["actor"] = st.info(state, actor)["name_de"]
        template = (
            gettext_noop("%(card)s durch %(actor)s → %(target)s (%(effects)s)")
            if name
            else gettext_noop("%(card)s durch %(actor)s (%(effects)s)")
        )
    else:
        template = (
            gettext_noop("%(card)s → %(target)s (%(effects)s)")
            if name
            else gettext_noop("%(card)s spielen (%(effects)s)")
        )
    return Text(template, params).to_json()


def _pick_label(state: State, label: dict, pick: str) -> dict:
    return Text(gettext_noop("%(play)s: %(pick)s"), {"play": label, "pick": st.info(state, pick)["name_de"]}).to_json()


def _effect_word(effect: dict) -> dict:
    from .common import part, signed

    if effect["do"] == "modify":
        return part(
            gettext_noop("%(stat)s %(value)s"), stat=part(STAT_NAMES[effect["stat"]]), value=signed(effect["by"])
        )
    return part(EFFECT_WORDS[effect["do"]])


# --- the play's details and the rules' hooks ----------------------------------------------------------------


def checked_pick(state: State, seat: int, mode: dict, raw) -> list[str]:
    """The cards a ``fetch`` brings, named with the play (``pick``): of the kinds and zones its text names."""
    from .effects_apply import fetchable

    fetch = next((e for e in mode["effects"] if e["do"] == "fetch"), None)
    allowed = set(fetchable(state, seat, fetch)) if fetch else set()
    picks = raw if isinstance(raw, list) else [raw]
    if not fetch or len(picks) > fetch["n"] or len(set(picks)) != len(picks) or not set(picks) <= allowed:
        raise IllegalAction(
            "bad_pick",
            gettext_noop("„pick“: höchstens %(n)s Karten, die der Kartentext zurückholen darf (%(zones)s)."),
            n=fetch["n"] if fetch else 0,
            zones=", ".join(fetch["from"]) if fetch else "–",
        )
    return list(picks)


def stays_in_play(state: State, link: dict) -> None:
    """A permanent or long event resolved: it lies on its target (character or company) and its continuous
    effects hold (``effects_state``)."""
    card = state["inst"][link["card"]]
    card["resolved"] = True
    target = link["target"]
    if target["kind"] in ("character", "company"):
        card["on"] = target["id"]


def refuse_creature(state: State, group: dict) -> None:
    """ "No creature hazards may be played on his company this turn" (Stealth, Sneakin')."""
    name = effects_state.company_protected(state, group["id"], "creatures")
    if name:
        raise IllegalAction(
            "protected",
            gettext_noop(
                "%(card)s: gegen diese Gemeinschaft dürfen in dieser Runde keine Gefahrenkreaturen gespielt werden."
            ),
            card=name,
        )


def limit_for(state: State, group: dict, limit: int) -> int:
    """The company's hazard limit with the changes cards made to it this turn (Cloaked by Darkness …)."""
    from .effects_more import limit_change

    change = limit_change(state, group)
    return max(0, limit + change) if change else limit


def creature_attack(state: State, iid: str, attack: dict) -> dict:
    """A creature's attack with its printed special text the table reads (``scripts.creature``): "Attacker
    chooses defending characters", "Each character in the company faces one strike"."""
    info = st.info(state, iid)
    text = scripts.creature(info["code"], state)
    if text.get("attacker_chooses"):
        attack["attacker_chooses"] = True
    for word in ("wounded_check", "tap_all_after"):
        if word in text:
            attack[word] = text[word]
    if info.get("strikes_each"):
        attack["each_character"] = True
    return attack


def continuous_attack(state: State, attack: dict, events: list[Event], group: dict | None = None) -> None:
    """The permanent and long events in play that change every attack of a race ("All Undead attacks receive +1
    strike and +1 prowess"): applied when the attack starts, and logged."""
    from .common import signed

    attack["wounded_before"] = [i for i in (group or {}).get("chars", ()) if state["inst"][i]["wounded"]]
    for name, values in attack_bonus(state, attack):
        attack["prowess"] = attack["prowess"] + values["prowess"]
        attack["strikes"] = max(1, attack["strikes"] + values["strikes"])
        events.append(
            Event(
                Text(
                    gettext_noop("%(card)s: der Angriff erhält %(prowess)s Kampfgeschick und %(strikes)s Hiebe."),
                    {"card": name, "prowess": signed(values["prowess"]), "strikes": signed(values["strikes"])},
                ),
                data={"kind": "log"},
            )
        )


def creature_attacks_canceled(state: State, group: dict) -> str | None:
    """The card that cancels every hazard creature attack on this company this turn (Hiding, Hide in Dark
    Places), or None."""
    return effects_state.company_protected(state, group["id"], "creature_attacks")


def refuse_site_phase(state: State, group: dict) -> None:
    """ "The company may do nothing during its site phase" (Lost in Free-domains) this turn."""
    name = effects_state.no_site_phase(state, group["id"])
    if name:
        raise IllegalAction(
            "no_site_phase",
            gettext_noop("%(card)s: die Gemeinschaft darf in dieser Ortsphase nichts tun (Phase beenden)."),
            card=name,
        )


def after_attack(ops, state: State, attack: dict, events: list[Event]) -> None:
    """A creature's printed text after its attack: "each character wounded by Barrow-wight makes a corruption
    check modified by -2"; "Unless the attack is canceled, all untapped characters in defending company are
    tapped following this attack" (Knights of the Prince)."""
    from .effects_apply import add

    if attack.get("canceled"):
        return
    beaten = not attack["detainment"] and attack["assigned"] and attack["defeated"] >= len(attack["assigned"])
    for iid in attack.get("discard_if_beaten") or () if beaten else ():
        if state["inst"][iid]["zone"] == "play":  # "Discard this card when such an attack is defeated"
            st.move(state, iid, "discard")
            events.append(
                Event(
                    Text(
                        gettext_noop("%(card)s wird abgeworfen: der Angriff ist besiegt."),
                        {"card": st.info(state, iid)["name_de"]},
                    ),
                    data={"kind": "log"},
                )
            )
    group = st.company(state, attack["company"])
    chars = list(group["chars"]) if group else []
    if attack.get("tap_all_after"):
        for iid in chars:
            state["inst"][iid]["tapped"] = True
    if "wounded_check" in attack and attack.get("card"):
        before = set(attack.get("wounded_before") or ())
        info = st.info(state, attack["card"])
        for iid in chars:
            if iid in attack["assigned"] and state["inst"][iid]["wounded"] and iid not in before:
                add(state, {"card": attack["card"]}, info, iid, "corruption", attack["wounded_check"], "check")
                ops._corruption_check(state, state["inst"][iid]["owner"], iid, events)


from .effects_triggers import movement_over, phase_begins, turn_over  # noqa: E402 - hooks for turns/hazard_phase

__all__ += ["movement_over", "phase_begins", "turn_over"]

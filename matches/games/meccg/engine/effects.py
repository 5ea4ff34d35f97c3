"""The interpreter of card scripts (``scripts.py``): where a scripted card may be played, on what, what it costs
and what it does, and the continuous effects it leaves until their end (issue 29).

Everything here is a plain function over the state; what needs the engine's own steps (cancelling an attack
or a strike, drawing) goes through the few operations ``shared.Table`` declares. Effects in force are listed
in ``state["effects"]``: ``{"card", "name", "target", "stat", "by", "until"}`` (``stat`` ``no_tap`` for a
character that does not tap against its strike), visible to both players; ``expire`` ends them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from matches.engine.base import Event, IllegalAction, State, Text, counted, gettext_noop, ngettext_noop

from . import scripts, windows
from . import state as st
from .cardinfo import key
from .common import part, signed
from .factions import race_key

if TYPE_CHECKING:
    from .shared import Table

CARD_WINDOWS = ("attack", "strike", "body_check")
OWN_PHASES = scripts.OWN_PHASES
STAT_NAMES = {
    "prowess": gettext_noop("Kampfgeschick"),
    "body": gettext_noop("Konstitution"),
    "corruption": gettext_noop("Versuchungswurf"),
    "attack_prowess": gettext_noop("Kampfgeschick des Angriffs"),
    "strike_prowess": gettext_noop("Kampfgeschick des Hiebes"),
    "strike_body": gettext_noop("Konstitution des Hiebes"),
    "strikes": gettext_noop("Hiebe"),
}
UNTIL_NAMES = {
    "strike": gettext_noop("bis zum Ende des Hiebes"),
    "attack": gettext_noop("bis zum Ende des Angriffs"),
    "turn": gettext_noop("bis zum Ende der Runde"),
    "check": gettext_noop("für einen Wurf"),
}


def race_keys(race: str) -> set[str]:
    """'Orcs,Men' → {'orc', 'man'}; 'Drake' → {'drake'} (singular keys, as ``factions.race_key`` gives them)."""
    found = set()
    for word in (race or "").split(","):
        plain = race_key(word)
        found.add(plain[:-1] if plain.endswith("s") and plain not in ("undead",) else plain)
    return found - {""}


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


def _company(state: State, window: str) -> dict | None:
    """The company cards of this window are about: the attacked one, or the one whose phase it is."""
    if window in CARD_WINDOWS and state.get("attack"):
        return st.company(state, state["attack"]["company"])
    turn = state.get("turn")
    if turn and turn.get("company"):
        return st.company(state, turn["company"])
    return None


def _candidate_targets(state: State, seat: int, hazard: bool, mode: dict, window: str) -> list[dict]:
    kind = mode["target"]
    if kind == "none":
        return [{"kind": "table"}]
    attack = state.get("attack")
    if kind == "attack":
        return [{"kind": "attack"}] if attack else []
    if kind == "striked":
        return [{"kind": "character", "id": attack["strike"]}] if attack and attack.get("strike") else []
    group = _company(state, window)
    if kind == "company":
        return [{"kind": "company", "id": group["id"]}] if group else []
    if kind == "attacked" or hazard:
        chars = list(group["chars"]) if group else []
    else:
        chars = st.characters_in_play(state, seat)
    return [{"kind": "character", "id": iid} for iid in chars]


def _meets(state: State, target: dict, requires: dict) -> bool:
    attack = state.get("attack")
    if "attack_race" in requires:
        wanted = {race_key(r) for r in requires["attack_race"]}
        if not attack or not race_keys(attack.get("race") or "") & wanted:
            return False
    if "attack_card" in requires:
        made_by = st.info(state, attack["card"])["name_en"] if attack and attack.get("card") else ""
        if not any(made_by.startswith(name) for name in requires["attack_card"]):
            return False
    if "in_play" in requires and not _in_play(state, requires["in_play"]):
        return False
    if target["kind"] != "character":
        return not ({"skill", "race", "untapped", "wounded"} & requires.keys())
    card = state["inst"][target["id"]]
    info = st.info(state, target["id"])
    if "skill" in requires and requires["skill"] not in info["skills"].casefold():
        return False
    if "race" in requires and not race_keys(info["race"]) & {race_key(r) for r in requires["race"]}:
        return False
    untapped = not card["tapped"] and not card["wounded"]
    if requires.get("untapped") and not untapped:
        return False
    return not (requires.get("wounded") and not card["wounded"])


def _in_play(state: State, names: list[str]) -> bool:
    wanted = {key(n) for n in names}
    return any(
        key(st.info(state, iid)["name_en"]) in wanted and not state["inst"][iid]["face_down"]
        for player in state["players"]
        for iid in player["play"]
    )


def _usable(state: State, seat: int, hazard: bool, mode: dict, window: str) -> list[dict]:
    """The targets this mode may be played on now (empty: not playable)."""
    if window not in mode["play"] or side_seat(state, window, hazard) != seat:
        return []
    if window == "strike" and not hazard and mode["requires"].get("skill") and _skill_card_played(state):
        return []  # "pro Hieb nur eine Unterstützungskarte …, die einen Beruf erfordert"
    found = _candidate_targets(state, seat, hazard, mode, window)
    needs_untapped = "tap_target" in mode["cost"]
    return [
        t
        for t in found
        if _meets(state, t, mode["requires"])
        and not (needs_untapped and (state["inst"][t["id"]]["tapped"] or state["inst"][t["id"]]["wounded"]))
    ]


def _skill_card_played(state: State) -> bool:
    attack = state.get("attack")
    return bool(attack and attack.get("skill_card") == attack.get("strike"))


def uses(state: State, seat: int, iid: str) -> list[tuple[int, dict, list[dict]]]:
    """(mode index, mode, targets) for every use of a scripted hand card possible now."""
    info = st.info(state, iid)
    script = scripts.script(info["code"], state)
    if script is None:
        return []
    window = play_window(state)
    hazard = info["type"] == "Hazard"
    found = []
    for index, mode in enumerate(script["modes"]):
        targets = _usable(state, seat, hazard, mode, window)
        if targets:
            found.append((index, mode, targets))
    return found


def holds_playable(state: State, seat: int) -> bool:
    """Whether ``seat`` holds a scripted card it could play now (a card window asks nobody else)."""
    return any(uses(state, seat, iid) for iid in state["players"][seat]["hand"])


def choose(state: State, seat: int, iid: str, mode_raw, target_raw) -> tuple[int, dict, dict]:
    """The mode and target of a scripted play, checked; raises with the reason otherwise."""
    info = st.info(state, iid)
    script = scripts.script(info["code"], state)
    window = play_window(state)
    hazard = info["type"] == "Hazard"
    modes = list(enumerate(script["modes"]))
    if mode_raw is not None:
        if isinstance(mode_raw, bool) or not isinstance(mode_raw, int) or not 0 <= mode_raw < len(modes):
            raise IllegalAction(
                "bad_mode",
                gettext_noop("„mode“ wählt eine der %(n)s Verwendungen von %(card)s (ab 0)."),
                n=len(modes),
                card=info["name_de"],
            )
        modes = [modes[mode_raw]]
    playable = [(i, m) for i, m in modes if window in m["play"] and side_seat(state, window, hazard) == seat]
    if not playable:
        raise IllegalAction(
            "not_now",
            gettext_noop("%(card)s ist jetzt nicht spielbar (Kartentext: %(windows)s)."),
            card=info["name_de"],
            windows=", ".join(sorted({w for _, m in modes for w in m["play"]})),
        )
    for index, mode in playable:
        targets = _usable(state, seat, hazard, mode, window)
        wanted = _wanted_target(target_raw, mode)
        match = next((t for t in targets if wanted is None or t.get("id") == wanted), None)
        if match:
            return index, mode, match
    raise IllegalAction(
        "bad_target",
        gettext_noop("%(card)s: kein gültiges Ziel (Kartentext: %(text)s)."),
        card=info["name_de"],
        text=script["text"][:200],
    )


def _wanted_target(raw, mode: dict) -> str | None:
    if mode["target"] in ("none", "attack", "striked", "company"):
        return None
    if isinstance(raw, dict):
        return raw.get("id")
    return raw if isinstance(raw, str) else None


def pay(state: State, mode: dict, target: dict, events: list[Event], name: str) -> None:
    if "tap_target" in mode["cost"]:
        state["inst"][target["id"]]["tapped"] = True
        events.append(
            Event(
                Text(
                    gettext_noop("%(character)s tappt für %(card)s."), {"character": _name(state, target), "card": name}
                ),
                data={"kind": "log"},
            )
        )


def _name(state: State, target: dict) -> str:
    if target.get("kind") in ("character", "site") and target.get("id") in state["inst"]:
        return st.info(state, target["id"])["name_de"]
    return "–"


# --- carrying a card out -----------------------------------------------------------------------------------


def resolve(ops: Table, state: State, link: dict, events: list[Event]) -> None:
    """The scripted card of ``link`` takes effect (``ops``: the engine's declared steps)."""
    iid = link["card"]
    info = st.info(state, iid)
    mode = scripts.script(info["code"])["modes"][link["script"]]
    target = link["target"]
    if target["kind"] == "character" and state["inst"].get(target["id"], {}).get("zone") != "play":
        _log(
            events,
            gettext_noop("%(card)s bleibt ohne Wirkung: das Ziel ist nicht mehr im Spiel."),
            card=info["name_de"],
        )
        return
    done = []
    for effect in mode["effects"]:
        text = _apply(ops, state, link, info, effect, events)
        if text:
            done.append(text)
    if done:
        _log(events, gettext_noop("%(card)s wirkt: %(effects)s."), card=info["name_de"], effects=done)


def _apply(ops: Table, state: State, link: dict, info: dict, effect: dict, events: list[Event]) -> dict | None:
    kind = effect["do"]
    target = link["target"]
    who = target.get("id")
    name = _name(state, target)
    attack = state.get("attack")
    if kind == "cancel_attack":
        if attack:
            ops._cancel_attack(state, events)
        return part(gettext_noop("Angriff abgebrochen"))
    if kind == "cancel_strike":
        if attack and attack.get("strike") == who:
            ops._cancel_strike(state, who, events)
        return part(gettext_noop("Hieb gegen %(character)s abgebrochen"), character=name)
    if kind == "halve_strikes":
        if attack:
            half = -(-attack["strikes"] // 2)
            attack["left"] = max(0, attack["left"] - (attack["strikes"] - half))
            attack["strikes"] = half
        return part(gettext_noop("Hiebe halbiert (aufgerundet)"))
    if kind == "draw":
        ops._draw_cards(state, link["seat"], effect["n"], events)
        return counted(
            ngettext_noop("%(count)s Karte gezogen", "%(count)s Karten gezogen"), count=effect["n"]
        ).to_json()
    if kind in ("tap", "untap", "heal", "wound"):
        card = state["inst"][who]
        if kind == "tap":
            card["tapped"] = True
        elif kind == "untap":
            card["tapped"] = False
        elif kind == "heal":
            card.update(wounded=False, tapped=False)
        else:
            card["wounded"] = True
        words = {
            "tap": gettext_noop("%(character)s getappt"),
            "untap": gettext_noop("%(character)s enttappt"),
            "heal": gettext_noop("%(character)s geheilt und ungetappt"),
            "wound": gettext_noop("%(character)s verwundet"),
        }
        return part(words[kind], character=name)
    if kind == "no_tap":
        _add(state, link, info, who, "no_tap", 0, "strike")
        return part(gettext_noop("%(character)s tappt nicht gegen den Hieb"), character=name)
    return _modify(state, link, info, effect, who, name)


def _modify(state: State, link: dict, info: dict, effect: dict, who, name: str) -> dict:
    stat, by, until = effect["stat"], effect["by"], effect["until"]
    attack = state.get("attack")
    if stat == "strikes" and attack:
        attack["strikes"] = max(1, attack["strikes"] + by)
        attack["left"] = max(0, attack["left"] + by)
    elif stat == "attack_prowess" and attack:
        attack["prowess_mod"] = attack.get("prowess_mod", 0) + by
    else:
        if stat.startswith("strike_") and attack and attack.get("strike"):
            who = attack["strike"]  # a strike's values: kept on the character facing it, for this strike
        _add(state, link, info, who, stat, by, until)
    return part(
        gettext_noop("%(target)s %(value)s %(stat)s %(until)s"),
        target=name if name != "–" else part(gettext_noop("Angriff")),
        value=signed(by),
        stat=part(STAT_NAMES[stat]),
        until=part(UNTIL_NAMES[until]),
    )


def _add(state: State, link: dict, info: dict, target, stat: str, by: int, until: str) -> None:
    state.setdefault("effects", []).append(
        {"card": link["card"], "name": info["name_de"], "target": target, "stat": stat, "by": by, "until": until}
    )


def _log(events: list[Event], template: str, **params: Any) -> None:
    events.append(Event(Text(template, params), data={"kind": "log"}))


# --- effects in force ---------------------------------------------------------------------------------------


def modifiers(state: State, target: str, stat: str) -> list[tuple[str, int]]:
    """(card name, value) of the effects in force on ``target``'s ``stat``."""
    return [(e["name"], e["by"]) for e in state.get("effects") or () if e["target"] == target and e["stat"] == stat]


def has(state: State, target: str, stat: str) -> bool:
    return any(e["target"] == target and e["stat"] == stat for e in state.get("effects") or ())


def use(state: State, target: str, stat: str) -> list[tuple[str, int]]:
    """The ``check`` effects on a check that happens now: counted once, then gone."""
    found = modifiers(state, target, stat)
    state["effects"] = [
        e
        for e in state.get("effects") or ()
        if not (e["target"] == target and e["stat"] == stat and e["until"] == "check")
    ]
    return found


def expire(state: State, *untils: str) -> None:
    """End the effects of these durations ("turn" also ends the unused "check" effects)."""
    if "turn" in untils:
        untils = (*untils, "check", "strike", "attack")
    if state.get("effects"):
        state["effects"] = [e for e in state["effects"] if e["until"] not in untils]


# --- buttons -----------------------------------------------------------------------------------------------

EFFECT_WORDS = {
    "cancel_attack": gettext_noop("Angriff abbrechen"),
    "cancel_strike": gettext_noop("Hieb abbrechen"),
    "no_tap": gettext_noop("nicht tappen"),
    "tap": gettext_noop("tappen"),
    "untap": gettext_noop("enttappen"),
    "heal": gettext_noop("heilen"),
    "wound": gettext_noop("verwunden"),
    "halve_strikes": gettext_noop("Hiebe halbieren"),
    "draw": gettext_noop("Karten ziehen"),
}


def play_candidates(state: State, seat: int, iid: str) -> list[dict]:
    """One button per use and target of a scripted hand card playable now: "Risky Blow → Aragorn II (Kampfgeschick
    +3, …)"; the label's words are marked German texts, rendered for the reader."""
    info = st.info(state, iid)
    out = []
    found = uses(state, seat, iid)
    for index, mode, targets in found:
        what = [_effect_word(effect) for effect in mode["effects"]]
        for target in targets:
            action = {"type": "play_card", "card": iid, "mode": index}
            if target["kind"] in ("character", "company"):
                action["target"] = target
            name = _name(state, target) if target["kind"] == "character" else ""
            label = Text(
                gettext_noop("%(card)s → %(target)s (%(effects)s)")
                if name
                else gettext_noop("%(card)s spielen (%(effects)s)"),
                {"card": info["name_de"], "target": name, "effects": what},
            ).to_json()
            cards = [iid] + ([target["id"]] if target.get("id") and target["kind"] == "character" else [])
            out.append({**action, "label": label, "cards": cards})
    return out


def _effect_word(effect: dict) -> dict:
    if effect["do"] == "modify":
        return part(
            gettext_noop("%(stat)s %(value)s"), stat=part(STAT_NAMES[effect["stat"]]), value=signed(effect["by"])
        )
    return part(EFFECT_WORDS[effect["do"]])

"""The interpreter of card scripts (``scripts.py``), playing side: where a scripted card may be played, on what,
by whom, what it costs, and the buttons with their targets filled in (issues 29, 30).

What a card does when it resolves is ``effects_apply.py``; the effects it leaves in force and the continuous
effects of events in play are ``effects_state.py`` (re-exported here, so the rules import one module).
"""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, Text, gettext_noop

from . import effects_abilities, effects_hazards, effects_resources, effects_state, scripts
from . import state as st
from .effects_apply import fetchable
from .effects_play import (
    CARD_WINDOWS,
    OWN_PHASES,
    _effect_word,
    _hazard,
    _may_play,
    _pick_options,
    _usable,
    _wanted,
    any_time,
    play_window,
    side_seat,
    uses,
    window_company,
)
from .effects_resolve import resolve
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
    "CARD_WINDOWS",
    "OWN_PHASES",
    "any_time",
    "attack_bonus",
    "doors_of_night",
    "expire",
    "has",
    "in_play",
    "modifiers",
    "play_window",
    "race_keys",
    "resolve",
    "side_seat",
    "stays_tapped",
    "use",
    "uses",
    "window_company",
]


def holds_playable(state: State, seat: int) -> bool:
    """Whether ``seat`` holds a scripted card it could play now, or has a card in play whose ability it could
    use (a card window asks nobody else)."""
    hand = state["players"][seat]["hand"]
    return any(uses(state, seat, iid) for iid in hand) or effects_abilities.holds_ability(state, seat)


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


# --- the play's details and the rules' hooks ----------------------------------------------------------------


def checked_pick(state: State, seat: int, mode: dict, raw) -> list[str]:
    """The cards a ``fetch`` brings, named with the play (``pick``): of the kinds and zones its text names (or the
    cards another effect lets the play name, ``effects_hazards.pick_rule``)."""
    rule = effects_hazards.pick_rule(state, seat, mode)
    if rule is not None:
        return effects_hazards.checked_order(rule, raw)
    found = effects_resources.checked_pick(state, seat, mode, raw)  # a character brought into play
    if found is not None:
        return found
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
    effects_hazards.note_played(state, link["card"])  # "Discard when any play deck is exhausted" counts from now
    target = link["target"]
    if target["kind"] in ("character", "company"):
        card["on"] = target["id"]


def refuse_creature(state: State, group: dict, info: dict | None = None) -> None:
    """ "No creature hazards may be played on his company this turn" (Stealth, Sneakin'); the creature's own
    "May not be played against a company containing …" (``effects_hazards``)."""
    if info is not None:
        effects_hazards.refuse_creature(state, group, info)
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

    change = limit_change(state, group) + effects_hazards.limit_bonus(state, group)  # Gandalf the White Rider
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
    effects_hazards.creature_words(state, info, attack, text)
    if info.get("strikes_each"):
        attack["each_character"] = True
    return attack


def continuous_attack(state: State, attack: dict, events: list[Event], group: dict | None = None) -> None:
    """The permanent and long events in play that change every attack of a race ("All Undead attacks receive +1
    strike and +1 prowess"): applied when the attack starts, and logged."""
    from .log_text import signed

    attack["wounded_before"] = [i for i in (group or {}).get("chars", ()) if state["inst"][i]["wounded"]]
    for name, values in attack_bonus(state, attack) + effects_hazards.company_attack_bonus(state, attack, group):
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
    from .effects_state import add

    effects_hazards.after_attack(state, attack, events)
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


from .effects_hazards import (  # noqa: E402 - hooks for strikes, items gained, checks, influence, site phase
    after_strike,
    body_equal_discards,
    cancel_redirected,
    company_draws,
    deck_exhausted,
    discard_instead,
    duplicated_auto_attacks,
    extra_corruption,
    extra_keys,
    influence_succeeded,
    item_gained,
    pay_pick,
    site_auto_attacks,
    turn_ends,
)
from .effects_triggers import turn_over  # noqa: E402 - hooks for turns/hazard_phase

__all__ += [
    "after_strike",
    "body_equal_discards",
    "cancel_redirected",
    "company_draws",
    "deck_exhausted",
    "discard_instead",
    "duplicated_auto_attacks",
    "extra_corruption",
    "extra_keys",
    "influence_succeeded",
    "item_gained",
    "movement_over",
    "pay_pick",
    "phase_begins",
    "site_auto_attacks",
    "turn_ends",
    "turn_over",
]


def phase_begins(ops, state: State, phase: str, events: list[Event]) -> None:
    """A phase begins: the text that acts now (``effects_triggers``), then Foul Fumes' sites under Doors of Night
    and the cards whose effects have ended ("Discard when any play deck is exhausted", "… if Gandalf comes into
    play", at a Haven in its organization phase)."""
    from . import effects_triggers

    effects_triggers.phase_begins(ops, state, phase, events)
    effects_hazards.tap_sites(state, events)
    effects_hazards.discard_spent(state, events)


def movement_over(ops, state: State, group: dict, events: list[Event]) -> None:
    """The company's movement/hazard phase ends: a card sends it back first (Beorning Skin-changers, Foul Fumes),
    then the text that acts now (``effects_triggers``)."""
    from . import effects_triggers

    effects_hazards.return_by_effect(state, group, events)
    effects_triggers.movement_over(ops, state, group, events)

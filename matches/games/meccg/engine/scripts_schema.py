"""The JSON schema of a card script (the vocabulary ``scripts.py`` documents), kept apart from the loader."""

from __future__ import annotations

PLAY_WINDOWS = (
    "organization",
    "long_event",
    "movement",
    "site",
    "end",
    "any_phase",
    "attack",
    "strike",
    "body_check",
    "any",
)
OWN_PHASES = ("organization", "long_event", "movement", "site", "end")
TARGETS = ("none", "character", "any_character", "attacked", "striked", "attack", "company", "card", "link")
STATS = ("prowess", "body", "corruption", "influence", "attack_prowess", "strikes", "strike_prowess", "strike_body")
DURATIONS = ("strike", "attack", "turn", "check")
SKILLS = ("warrior", "scout", "ranger", "sage", "diplomat")
EFFECTS = (
    "cancel_attack",
    "cancel_strike",
    "no_tap",
    "tap",
    "untap",
    "heal",
    "wound",
    "modify",
    "halve_strikes",
    "draw",
    "fetch",
    "discard_target",
    "cancel_link",
    "corruption_check",
    "remove_self",
    "hazard_limit",
    "protect",
    "no_site_phase",
    "roll",
    "environment",
    "return_to_hand",
    "stay",
    "discard_self",
    "stay_turn",
    "lift",
    "split_to_origin",
    "untap_self",
    "influence_prowess",
    "flatter",
    "no_move",
    "no_region_creatures",
    "extra_region",
    "return_hazard_events",
    "bring_character",
    "best_of_two",
    "withdraw_agent",
    "discard_on_guard",
    "direct_influence",
)
CONTINUOUS = (
    "attack_bonus",
    "company_stat",
    "doors_of_night",
    "bearer_corruption",
    "discard_if_company",
    "no_untap",
    "return_to_origin",
    "points_worth",
)
ZONES_FROM = ("sideboard", "discard")
KINDS = ("resource", "hazard", "character", "creature", "hazard_event")

_WORDS = {"type": "array", "items": {"type": "string"}, "minItems": 1}
_SYMBOLS = {"type": "array", "items": {"enum": list("wbsdcfRSDBFH")}, "minItems": 1}
_BY = {"type": "integer", "minimum": -20, "maximum": 20}
_THEN = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {"do": {"enum": ["return_to_hand", "discard_target", "tap", "discard_self", "split_to_origin"]}},
        "required": ["do"],
        "additionalProperties": False,
    },
    "minItems": 1,
}
_EFFECT = {
    "type": "object",
    "properties": {
        "do": {"enum": list(EFFECTS)},
        "stat": {"enum": list(STATS)},
        "by": _BY,
        "until": {"enum": list(DURATIONS)},
        "n": {"type": "integer", "minimum": 1, "maximum": 10},
        "from": {"type": "array", "items": {"enum": list(ZONES_FROM)}, "minItems": 1},
        "to": {"enum": ["deck", "hand"]},
        "kinds": {"type": "array", "items": {"enum": list(KINDS)}, "minItems": 1},
        "races": _WORDS,
        "who": {"enum": ["target", "actor"]},
        "what": {"enum": ["creatures", "creature_attacks"]},
        "plus": {"enum": ["mind", "unused_gi", "none"]},
        "below": {"type": "integer", "minimum": 2, "maximum": 30},
        "above": {"type": "integer", "minimum": 1, "maximum": 30},
        "then": _THEN,
        "side": {"enum": ["hazard", "resource"]},
        "min": {"type": "integer", "minimum": 0, "maximum": 10},
        "per_character": {"type": "boolean"},
        "max": {"type": "integer", "minimum": 1, "maximum": 10},
        "instead_of_di": {"type": "boolean"},
    },
    "required": ["do"],
    "additionalProperties": False,
    "allOf": [
        {"if": {"properties": {"do": {"const": "modify"}}}, "then": {"required": ["stat", "by", "until"]}},
        {"if": {"properties": {"do": {"const": "draw"}}}, "then": {"required": ["n"]}},
        {"if": {"properties": {"do": {"const": "fetch"}}}, "then": {"required": ["from", "to", "kinds", "n"]}},
        {"if": {"properties": {"do": {"const": "corruption_check"}}}, "then": {"required": ["who", "by"]}},
        {"if": {"properties": {"do": {"const": "hazard_limit"}}}, "then": {"required": ["by"]}},
        {"if": {"properties": {"do": {"const": "protect"}}}, "then": {"required": ["what"]}},
        {
            "if": {"properties": {"do": {"const": "roll"}}},
            "then": {"required": ["plus", "then"], "oneOf": [{"required": ["below"]}, {"required": ["above"]}]},
        },
        {"if": {"properties": {"do": {"const": "environment"}}}, "then": {"required": ["side"]}},
        {"if": {"properties": {"do": {"const": "influence_prowess"}}}, "then": {"required": ["max"]}},
    ],
}
_CARD_FILTER = {
    "type": "object",
    "properties": {
        "type": {"enum": ["Hazard", "Resource", "Character"]},
        "subtype": _WORDS,
        "environment": {"type": "boolean"},
        "name": _WORDS,
        "side": {"enum": ["own", "opponent"]},
    },
    "additionalProperties": False,
}
_CHARACTER = {
    "skill": {"enum": list(SKILLS)},
    "race": _WORDS,
    "not_race": _WORDS,
    "untapped": {"type": "boolean"},
    "wounded": {"type": "boolean"},
    "unwounded": {"type": "boolean"},
    "mind_max": {"type": "integer"},
    "bears": _WORDS,
    "company_size_max": {"type": "integer"},
    "company_chars_max": {"type": "integer"},
    "not_bears": _WORDS,
    "avatar_company": {"type": "boolean"},
    "with_bearer": {"type": "boolean"},
    "is_bearer": {"type": "boolean"},
    "tapped": {"type": "boolean"},
    "influencing": {"type": "boolean"},
    "char_name": _WORDS,
    "at_site_name": _WORDS,
}
_REQUIRES = {
    "type": "object",
    "properties": {
        **_CHARACTER,
        "moving": {"type": "boolean"},
        "route_has": _SYMBOLS,
        "route_count": {
            "type": "object",
            "properties": {"symbol": {"enum": list("wbsdcf")}, "n": {"type": "integer", "minimum": 1}},
            "required": ["symbol", "n"],
            "additionalProperties": False,
        },
        "site_type": _SYMBOLS,
        "alignment": {"type": "array", "items": {"enum": ["hero", "minion", "fallen-wizard", "balrog"]}},
        "attack_race": _WORDS,
        "attack_card": _WORDS,
        "attack_source": {"enum": ["creature", "auto"]},
        "in_play": _WORDS,
        "not_in_play": _WORDS,
        "phase": {"type": "array", "items": {"enum": ["organization", "long_event", "movement", "site", "end"]}},
        "doors_of_night": {"type": "boolean"},
        "card": _CARD_FILTER,
        "own_in_play": _WORDS,
        "not_own_in_play": _WORDS,
        "at_site_type": _SYMBOLS,
        "agent": {"type": "boolean"},
        "on_guard": {"type": "boolean"},
        "deck_min": {"type": "integer", "minimum": 1},
        "not_this_turn": _WORDS,
        "can_bring": {
            "type": "object",
            "properties": {"not_race": _WORDS, "influence": {"enum": ["any", "direct"]}},
            "additionalProperties": False,
        },
    },
    "additionalProperties": False,
}
_CONTINUOUS = {
    "type": "object",
    "properties": {
        "do": {"enum": list(CONTINUOUS)},
        "races": _WORDS,
        "source": {"enum": ["creature", "auto"]},
        "not_source": {"enum": ["agent", "auto", "creature"]},
        "only_doors": {"type": "boolean"},
        "discard_when_defeated": {"type": "boolean"},
        "chars_min": {"type": "integer", "minimum": 1, "maximum": 10},
        "route_has": _SYMBOLS,
        "per_character": {"type": "boolean"},
        "prowess": _BY,
        "strikes": _BY,
        "stat": {"enum": ["prowess", "body"]},
        "by": _BY,
        "doors": {
            "type": "object",
            "properties": {"prowess": _BY, "strikes": _BY},
            "additionalProperties": False,
        },
        "kinds": {"type": "array", "items": {"enum": ["character", "ally", "item", "faction"]}, "minItems": 1},
        "at_least": {"type": "integer", "minimum": 1, "maximum": 10},
        "worth": {"type": "integer", "minimum": 0, "maximum": 10},
    },
    "required": ["do"],
    "additionalProperties": False,
}
_MODE = {
    "type": "object",
    "properties": {
        "play": {"type": "array", "items": {"enum": list(PLAY_WINDOWS)}, "minItems": 1},
        "target": {"enum": list(TARGETS)},
        "requires": _REQUIRES,
        "actor": {"type": "object", "properties": _CHARACTER, "additionalProperties": False},
        "cost": {
            "type": "array",
            "items": {"enum": ["tap_target", "tap_actor", "tap_self", "discard_self", "tap_bearer"]},
        },
        "user": {"enum": ["owner", "bearer", "company"]},
        "limit": {"oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 1, "maximum": 3}]},
        "effects": {"type": "array", "items": _EFFECT, "minItems": 1},
    },
    "required": ["play", "effects"],
    "additionalProperties": False,
}
_CREATURE = {
    "type": "object",
    "properties": {
        "attacker_chooses": {"type": "boolean"},
        "wounded_check": {"type": "integer", "minimum": -10, "maximum": 0},
        "tap_all_after": {"type": "boolean"},
    },
    "additionalProperties": False,
}
_HEAD = {"name": {"type": "string"}, "text": {"type": "string", "minLength": 1}, "note": {"type": "string"}}
SCHEMA = {
    "type": "object",
    "properties": {
        **_HEAD,
        "modes": {"type": "array", "items": _MODE, "minItems": 1},
        "while_in_play": {"type": "array", "items": _CONTINUOUS},
        "abilities": {"type": "array", "items": _MODE, "minItems": 1},
        "triggers": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "when": {"enum": ["untap_end", "movement_end"]},
                    "at_haven": {"type": "boolean"},
                    "per": {"enum": [*"wbsdcf", "region"]},
                },
                "required": ["when"],
                "additionalProperties": False,
            },
        },
        "creature": _CREATURE,
        "static": {"enum": ["item", "ally", "faction", "council"]},
        "direct_influence": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"by": _BY, "against": _WORDS},
                "required": ["by"],
                "additionalProperties": False,
            },
            "minItems": 1,
        },
        "one_per_character": {"type": "boolean"},
        "no_wound": {
            "type": "object",
            "properties": {"discard_above": {"type": "integer", "minimum": 2, "maximum": 12}},
            "required": ["discard_above"],
            "additionalProperties": False,
        },
        "ring_test": _BY,
        "held_by": {
            "type": "object",
            "properties": {"race": {"type": "string"}, "mp": _BY, "corruption": _BY},
            "required": ["race"],
            "additionalProperties": False,
        },
        "proposal": {"type": "string", "minLength": 10},
        **_MODE["properties"],
    },
    "required": ["name", "text"],
    "additionalProperties": False,
    "oneOf": [
        {"required": ["modes"], "not": {"anyOf": [{"required": ["play"]}, {"required": ["proposal"]}]}},
        {"required": ["play", "effects"], "not": {"required": ["proposal"]}},
        {"required": ["creature"], "not": {"anyOf": [{"required": ["play"]}, {"required": ["modes"]}]}},
        {"required": ["static"], "not": {"anyOf": [{"required": ["play"]}, {"required": ["modes"]}]}},
        {
            "required": ["proposal"],
            "not": {"anyOf": [{"required": ["play"]}, {"required": ["modes"]}, {"required": ["abilities"]}]},
        },
    ],
}

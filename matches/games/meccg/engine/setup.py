"""Before the first turn (seeds/003 "Spielvorbereitung"): deck choice with the deck check, the hidden
character draft, starting sites, starting minor items, the roll for the first turn."""

from __future__ import annotations

from matches.engine import rng
from matches.engine.base import Event, IllegalAction, State, gettext_noop

from . import state as st
from .cardinfo import avatar_kind, is_haven, is_minor_item, key
from .constants import (
    ALIGNMENTS,
    FW_RUIN_REGIONS,
    MAX_DECK_CHARACTERS,
    MAX_STARTING_ITEMS,
    SITE_ALIGNMENT,
    STARTING_SITES,
)
from .log_text import _text
from .mixin_base import Base


class SetupMixin(Base):
    def _do_choose_deck(self, state, seat, action, events):
        self._stage(state, "deck")
        player = state["players"][seat]
        if player["alignment"] is not None:
            raise IllegalAction("deck_chosen", gettext_noop("Du hast dein Deck schon gewählt."))
        deck = action.get("deck")
        if not isinstance(deck, dict) or not isinstance(deck.get("entries"), list):
            raise IllegalAction("bad_deck", gettext_noop("Die Deckwahl braucht ein Deck mit Einträgen."))
        alignment = ALIGNMENTS.get(str(deck.get("alignment", "")).casefold())
        if alignment is None:
            raise IllegalAction("bad_alignment", gettext_noop("Das Deck hat keine gültige Ausrichtung."))
        other = state["players"][1 - seat]
        problems = self.check_deck(deck, other["alignment"] or "")
        if problems:
            raise IllegalAction(
                "deck_illegal",
                gettext_noop("Dieses Deck besteht die Deckprüfung nicht: %(problems)s"),
                problems=" ".join(problems[:3]),
            )
        if other["alignment"]:
            problems = self.check_deck(other["deck_source"], alignment)
            if problems:
                raise IllegalAction(
                    "opponent_deck_illegal",
                    gettext_noop(
                        "Gegen ein Deck dieser Ausrichtung wäre das Deck deines Gegners nicht zulässig: %(problems)s"
                    ),
                    problems=" ".join(problems[:3]),
                )
        catalogue = self._cards()
        state["cards"] = dict(state["cards"])  # shared with the previous state: extend a copy
        zones = {"pool": "pool", "characters": "deck", "resources": "deck", "hazards": "deck", "sites": "sites"}
        zones["sideboard"] = "sideboard"
        for entry in deck["entries"]:
            if not isinstance(entry, list | tuple) or len(entry) != 3:
                raise IllegalAction("bad_entry", gettext_noop("Ein Deckeintrag ist [Code, Anzahl, Teil]."))
            code, quantity, part = entry
            if (
                not isinstance(part, str)
                or not isinstance(code, str)
                or code not in catalogue
                or part not in zones
                or not isinstance(quantity, int)
                or not 0 < quantity < 100
            ):
                raise IllegalAction(
                    "bad_entry", gettext_noop("Unbekannte Karte im Deck: %(card_code)s."), card_code=str(code)[:40]
                )
            state["cards"][code] = catalogue[code]
            for _ in range(quantity):
                st.new_instance(state, code, seat, zones[part])
        # The havens and starting sites of the player's alignment (and a Fallen-wizard's starting ruins), so
        # that they are known even when the location deck lacks them; other sites come with the deck.
        starting = {key(name) for name in STARTING_SITES[alignment]}
        for code, card in catalogue.items():
            if card["type"] != "Site" or card["alignment"] != SITE_ALIGNMENT[alignment]:
                continue
            ruin = (
                alignment == "fallen-wizard" and card["site_type"] == "{R}" and key(card["region"]) in FW_RUIN_REGIONS
            )
            if is_haven(card) or key(card["name_en"]) in starting or ruin:
                state["cards"].setdefault(code, card)
        player.update(alignment=alignment, deck_name=str(deck.get("name", ""))[:120], deck_source=deck)
        self._log(events, gettext_noop("%(player)s wählt ein Deck (%(alignment)s)."), seat, alignment=alignment)
        if all(p["alignment"] for p in state["players"]):
            state["stage"] = "draft"
            for s in (0, 1):
                self._auto_stop(state, s)
            self._log(events, gettext_noop("Die Wahl der Startcharaktere beginnt."))

    def _pick_problem(self, state: State, seat: int, iid: str) -> tuple[str, str, dict] | None:
        player = state["players"][seat]
        info = st.info(state, iid)
        if info["type"] != "Character":
            # Minor items listed with the pool are starting items, never draft picks (issue 19).
            return (
                "not_a_character",
                gettext_noop("%(card)s ist kein Charakter; geringere Gegenstände gibt man nach der Wahl aus."),
                {"card": info["name_de"]},
            )
        limit = st.STARTING_CHARACTER_LIMIT[player["alignment"]]
        if len(player["drafted"]) >= limit:
            return (
                "draft_limit",
                gettext_noop("Mehr als %(limit)s Startcharaktere sind nicht erlaubt."),
                {"limit": limit},
            )
        used = sum(st.info(state, i)["mind"] or 0 for i in player["drafted"])
        if used + (info["mind"] or 0) > st.GENERAL_INFLUENCE:
            return (
                "draft_influence",
                gettext_noop(
                    "%(card)s (Geisteskraft %(mind)s) würde den allgemeinen Einfluss über 20 bringen (bisher %(used)s)."
                ),
                {"card": info["name_de"], "mind": info["mind"] or 0, "used": used},
            )
        return None

    def _auto_stop(self, state: State, seat: int) -> None:
        """A player who cannot pick any more character must stop (Startgemeinschaft)."""
        player = state["players"][seat]
        if not player["stopped"] and not any(self._pick_problem(state, seat, i) is None for i in player["pool"]):
            player["stopped"] = True

    def _do_draft_pick(self, state, seat, action, events):
        self._stage(state, "draft")
        player = state["players"][seat]
        if player["stopped"]:
            raise IllegalAction("draft_stopped", gettext_noop("Du hast die Wahl der Startcharaktere beendet."))
        if player["pick"] is not None:
            raise IllegalAction(
                "draft_waiting", gettext_noop("Du hast schon verdeckt gewählt; warte auf deinen Gegner.")
            )
        iid = self._own(state, seat, action.get("card"), "pool")
        problem = self._pick_problem(state, seat, iid)
        if problem:
            raise IllegalAction(problem[0], problem[1], **problem[2])
        player["pick"] = iid
        events.append(
            Event(
                _text(gettext_noop("%(player)s wählt verdeckt einen Charakter."), seat=seat),
                private={
                    seat: _text(gettext_noop("Deine verdeckte Wahl: %(card)s."), card=st.info(state, iid)["name_de"])
                },
            )
        )
        self._reveal_draft(state, events)

    def _do_draft_stop(self, state, seat, action, events):
        self._stage(state, "draft")
        player = state["players"][seat]
        if player["stopped"]:
            raise IllegalAction("draft_stopped", gettext_noop("Du hast die Wahl der Startcharaktere beendet."))
        if player["pick"] is not None:
            raise IllegalAction(
                "draft_waiting", gettext_noop("Du hast schon verdeckt gewählt; warte auf deinen Gegner.")
            )
        pickable = any(self._pick_problem(state, seat, i) is None for i in player["pool"])
        if not player["drafted"] and pickable and action.get("empty") is not True:
            # Issue 29: a game without a single character is no game; the page asks first ("empty": true).
            raise IllegalAction(
                "draft_empty",
                gettext_noop(
                    "Du hast noch keinen Startcharakter gewählt. Ohne Charakter beenden nur mit Bestätigung "
                    "(„empty“: true)."
                ),
            )
        player["stopped"] = True
        self._log(events, gettext_noop("%(player)s beendet die Wahl der Startcharaktere."), seat)
        self._reveal_draft(state, events)

    def _reveal_draft(self, state: State, events: list[Event]) -> None:
        players = state["players"]
        if any(not p["stopped"] and p["pick"] is None for p in players):
            return  # someone still has to choose
        picks = [p["pick"] for p in players]
        if all(picks) and key(st.info(state, picks[0])["name_en"]) == key(st.info(state, picks[1])["name_en"]):
            for s, iid in enumerate(picks):
                st.move(state, iid, "aside")
                players[s]["pick"] = None
            self._log(
                events,
                gettext_noop("Beide wählen %(card)s: Die Karten werden zur Seite gelegt."),
                card=st.info(state, picks[0])["name_de"],
            )
        else:
            for s, iid in enumerate(picks):
                if iid:
                    st.move(state, iid, "drafted")
                    players[s]["pick"] = None
                    self._log(
                        events, gettext_noop("%(player)s deckt %(card)s auf."), s, card=st.info(state, iid)["name_de"]
                    )
        for s in (0, 1):
            self._auto_stop(state, s)
        if all(p["stopped"] for p in players):
            state["stage"] = "start"
            for s in (0, 1):
                names = self._starting_site_names(state, s)
                if len(names) == 1:
                    players[s]["start_site"] = names[0]
            self._log(
                events, gettext_noop("Die Startcharaktere stehen fest. Jetzt: Startort und geringere Gegenstände.")
            )

    def _starting_site_names(self, state: State, seat: int) -> list[str]:
        alignment = state["players"][seat]["alignment"]
        names = list(STARTING_SITES[alignment])
        if alignment == "fallen-wizard":
            names += sorted(
                {
                    c["name_en"]
                    for c in state["cards"].values()
                    if c["type"] == "Site"
                    and c["alignment"] == "Fallen-wizard"
                    and c["site_type"] == "{R}"
                    and key(c["region"]) in FW_RUIN_REGIONS
                }
                | {
                    c["name_en"]
                    for c in state["cards"].values()
                    if c["type"] == "Site"
                    and c["site_type"] == "{R}"
                    and key(c["region"]) in FW_RUIN_REGIONS
                    and c["alignment"] in ("Hero", "Minion")
                }
            )
        return names

    def _do_starting_site(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        if player["start_done"]:
            raise IllegalAction("start_done", gettext_noop("Deine Vorbereitung ist schon abgeschlossen."))
        names = self._starting_site_names(state, seat)
        wanted = next((n for n in names if key(n) == key(str(action.get("site", "")))), None)
        if wanted is None:
            raise IllegalAction(
                "bad_starting_site",
                gettext_noop("Als Startort sind möglich: %(sites)s."),
                sites=", ".join(names),
            )
        player["start_site"] = wanted
        self._log(events, gettext_noop("%(player)s wählt den Startort %(site)s."), seat, site=wanted)

    def _do_starting_item(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        if player["start_done"]:
            raise IllegalAction("start_done", gettext_noop("Deine Vorbereitung ist schon abgeschlossen."))
        if player["starting_items"] >= MAX_STARTING_ITEMS:
            raise IllegalAction("too_many_items", gettext_noop("Höchstens zwei geringere Gegenstände zu Beginn."))
        iid = self._own(state, seat, action.get("card"))
        if state["inst"][iid]["zone"] not in ("deck", "sideboard", "pool"):
            raise IllegalAction(
                "item_zone", gettext_noop("Der Gegenstand muss aus deinem Spielstapel oder Reservestapel kommen.")
            )
        info = st.info(state, iid)
        if not is_minor_item(info) or info["unique"]:
            raise IllegalAction(
                "not_minor_item",
                gettext_noop("%(card)s ist kein nicht-einzigartiger geringerer Gegenstand."),
                card=info["name_de"],
            )
        bearer = action.get("character")
        if bearer not in player["drafted"]:
            raise IllegalAction("bad_bearer", gettext_noop("Der Träger muss einer deiner Startcharaktere sein."))
        st.move(state, iid, "play")
        state["inst"][iid]["on"] = bearer
        player["starting_items"] += 1
        self._log(
            events,
            gettext_noop("%(player)s gibt %(item)s an %(character)s."),
            seat,
            item=info["name_de"],
            character=st.info(state, bearer)["name_de"],
        )

    def _do_aside_to_deck(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        iid = self._own(state, seat, action.get("card"), "aside")
        characters = sum(
            1 for i in player["deck"] if st.info(state, i)["type"] == "Character" and not avatar_kind(st.info(state, i))
        )
        if characters >= MAX_DECK_CHARACTERS:
            raise IllegalAction(
                "deck_characters_full",
                gettext_noop("Im Spielstapel sind schon %(n)s Charaktere; mehr sind nicht zulässig."),
                n=characters,
            )
        st.move(state, iid, "deck")
        self._log(events, gettext_noop("%(player)s legt einen zur Seite gelegten Charakter in den Spielstapel."), seat)

    def _do_start_done(self, state, seat, action, events):
        self._stage(state, "start")
        player = state["players"][seat]
        if player["start_done"]:
            raise IllegalAction("start_done", gettext_noop("Deine Vorbereitung ist schon abgeschlossen."))
        if player["drafted"] and not player["start_site"]:
            raise IllegalAction(
                "no_starting_site",
                gettext_noop("Wähle zuerst den Startort: %(sites)s."),
                sites=", ".join(self._starting_site_names(state, seat)),
            )
        player["start_done"] = True
        self._log(events, gettext_noop("%(player)s ist bereit."), seat)
        if all(p["start_done"] for p in state["players"]):
            self._begin_game(state, events)

    def _site_instance(self, state: State, seat: int, name: str) -> str:
        """The site card from the location deck; Decision: if the deck lacks it, the table supplies one."""
        player = state["players"][seat]
        for iid in player["sites"]:
            if key(st.info(state, iid)["name_en"]) == key(name):
                st.move(state, iid, "play")
                return iid
        wanted = SITE_ALIGNMENT[player["alignment"]]
        candidates = [c for c in state["cards"].values() if c["type"] == "Site" and key(c["name_en"]) == key(name)]
        card = next((c for c in candidates if c["alignment"] == wanted), candidates[0] if candidates else None)
        if card is None:
            raise IllegalAction(
                "unknown_site", gettext_noop("Den Ort %(site)s gibt es in den Kartendaten nicht."), site=name
            )
        return st.new_instance(state, card["code"], seat, "play")

    def _shuffle_deck(self, state: State, seat: int) -> None:
        """The play deck shuffled before the first draw ("Spielvorbereitung"). A test harness may replace this
        on its engine instance, as it fixes the dice, to play with a stacked deck."""
        rng.shuffle(state["rng"], state["players"][seat]["deck"])

    def _begin_game(self, state: State, events: list[Event]) -> None:
        for seat, player in enumerate(state["players"]):
            if player["drafted"]:
                site = self._site_instance(state, seat, player["start_site"])
                group = st.new_company(state, seat, site)
                self._log(
                    events,
                    gettext_noop("%(player)s beginnt in %(site)s."),
                    seat,
                    site=st.info(state, site)["name_de"],
                )
                for iid in list(player["drafted"]):
                    st.move(state, iid, "play")
                    group["chars"].append(iid)
            for iid in list(player["aside"]):
                st.move(state, iid, "out")
            self._shuffle_deck(state, seat)
            for _ in range(st.HAND_SIZE):
                st.draw(state, seat)
        self._log(events, gettext_noop("Die Decks werden gemischt, jeder zieht acht Karten."))
        while True:
            rolls = [rng.roll(state["rng"], 6) + rng.roll(state["rng"], 6) for _ in (0, 1)]
            self._log(events, gettext_noop("Wurf um den Start: %(a)s gegen %(b)s."), a=rolls[0], b=rolls[1])
            if rolls[0] != rolls[1]:
                break
        first = 0 if rolls[0] > rolls[1] else 1
        state["stage"] = "play"
        state["first"] = first
        state["turn"] = {"number": 0, "active": first, "phase": "untap", "char_played": False}
        self._log(events, gettext_noop("%(player)s beginnt."), first)
        self._start_turn(state, first, events)

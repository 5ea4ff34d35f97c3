"""Agents as hazards (seeds/003 "Schlüsselbegriffe: Agenten", "Agenten als Gefahren"; "Ortsphase": "Jeder
gegnerische Agent, der sich am selben Ort befindet, darf die Gemeinschaft angreifen").

An agent played as a hazard is a card in its player's ``play`` zone with ``inst["agent"]``:
``{"site": None | site name, "since": turn number}`` — ``site`` None while it has not moved: "Er befindet sich
dann an einem seiner Heimatorte (welcher, muss nicht bestimmt werden)".

- ``play_agent`` (``card``): "Ein Agent wird in der Bewegungs-/Gefahrenphase verdeckt und ungetappt ausgespielt
  (zählt gegen das Gefahrenlimit)". The agent characters (type Character, ``agent``) only by hero and Balrog
  players ("Helden- und Balrog-Spieler dürfen auch Agenten als Gefahren verwenden"; minion and Fallen-wizard
  players use them as characters); the two hazard cards that are agents (*Lobelia Sackheim-Beutlin*, *Mein
  Schatz*) by anyone. "Ein Agent darf nicht als Gefahrenkarte gespielt werden, solange er als Charakter im Spiel
  ist."
- ``reveal_agent`` (``card``, ``site``: one of its home sites while it has not moved): "Ein verdeckt liegender
  Agent kann in einer Bewegungs-/Gefahrenphase jederzeit aufgedeckt werden (zählt nicht zum Gefahrenlimit).
  Hat er sich noch nicht bewegt …, so erscheint er an einem seiner Heimatorte".
- ``agent_action`` (``card``, ``kind``: untap | heal | hide | move | back | home): "Ein Agent, der bereits
  zu Beginn des gegnerischen Zuges im Spiel war, kann in jeder Runde genau eine der folgenden Handlungen
  durchführen. Jede dieser Handlungen zählt 1 gegen das Gefahrenlimit." Movement (move | back | home):
  agent_moves.py.
- ``agent_attack`` (``card``): in the company's site phase, after the automatic attacks; the table waits for
  the hazard player (``pass``: no agent attacks). One strike; prowess +5/+1 body face down at a home site, +2
  face down elsewhere, +2/+1 body face up at a home site, −2 wounded; revealed; keyed to nothing; always
  detainment against minion and Balrog companies (keying.detainment). All strikes defeated: the agent goes to
  the defender's marshalling point pile ("als Siegpunkte für Kreaturen"); a strike failed: it is wounded.
"""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, gettext_noop

from . import keying
from . import state as st
from .agent_creatures import check_creature
from .cardinfo import is_creature, is_hazard, key
from .log_text import _text, part
from .mixin_base import Base

AGENT_HAZARD_ALIGNMENTS = ("hero", "balrog")
AGENT_ACTIONS = ("untap", "heal", "hide", "move", "back", "home", "creature")


def home_sites(info: dict) -> list[str]:
    """ "Goblin-gate, Mount Gundabad" → the two names."""
    return [name.strip() for name in (info.get("home_site") or "").split(",") if name.strip()]


def at_home(info: dict, site_name: str) -> bool:
    return key(site_name) in {key(name) for name in home_sites(info)}


class AgentsMixin(Base):
    # --- playing and revealing ---------------------------------------------------------------------------

    def _agent_phase(self, state: State, seat: int) -> dict:
        """The hazard player in a company's movement/hazard phase, no chain open; returns the company."""
        self._stage(state, "play")
        self._no_chain(state)
        self._no_trim(state)
        turn = state["turn"]
        group = self._current_company(state)
        if seat == turn["active"] or turn["phase"] != "movement" or group is None:
            raise IllegalAction(
                "agent_phase",
                gettext_noop(
                    "Agenten spielt und bewegt der Gegner in der Bewegungs-/Gefahrenphase einer Gemeinschaft."
                ),
            )
        return group

    def _do_play_agent(self, state, seat, action, events):
        group = self._agent_phase(state, seat)
        iid = self._own(state, seat, action.get("card"), "hand")
        info = st.info(state, iid)
        if not info.get("agent"):
            raise IllegalAction("not_an_agent", gettext_noop("%(card)s ist kein Agent."), card=info["name_de"])
        if not is_hazard(info) and state["players"][seat]["alignment"] not in AGENT_HAZARD_ALIGNMENTS:
            raise IllegalAction(
                "agent_not_hazard",
                gettext_noop("Agenten als Gefahren verwenden nur Helden- und Balrog-Spieler."),
            )
        name = key(info["name_en"])
        if any(key(st.info(state, c)["name_en"]) == name for s in (0, 1) for c in st.characters_in_play(state, s)):
            raise IllegalAction(
                "agent_is_character",
                gettext_noop("%(card)s ist als Charakter im Spiel und kann nicht als Gefahr gespielt werden."),
                card=info["name_de"],
            )
        self._check_hazard_limit(group)
        group["hazards"] += 1
        st.move(state, iid, "play")
        card = state["inst"][iid]
        card.update(face_down=True, tapped=False)
        card["agent"] = {"site": None, "since": state["turn"]["number"]}
        state["turn"]["done"] = [False, False]
        events.append(
            Event(
                _text(gettext_noop("%(player)s spielt einen Agenten verdeckt aus."), seat=seat),
                private={seat: _text(gettext_noop("Du spielst %(card)s verdeckt aus."), card=info["name_de"])},
            )
        )

    def _own_agent(self, state: State, seat: int, iid) -> tuple[str, dict]:
        if not isinstance(iid, str) or state["inst"].get(iid, {}).get("agent") is None:
            raise IllegalAction("not_an_agent", gettext_noop("Das ist kein Agent im Spiel."))
        if state["inst"][iid]["owner"] != seat or state["inst"][iid]["zone"] != "play":
            raise IllegalAction("not_yours", gettext_noop("Das ist nicht deine Karte."))
        return iid, state["inst"][iid]

    def _unique_clash(self, state: State, iid: str) -> bool:
        """Whether revealing the agent would put a second copy of a unique card into play: "Ein verdeckt
        liegender Agent befindet sich hinsichtlich Einzigartigkeit nicht im Spiel" — face up it is."""
        info = st.info(state, iid)
        if not info["unique"]:
            return False
        for other_id, other in state["inst"].items():
            other_info = st.info(state, other_id)
            if (
                other_id == iid
                or other["zone"] not in ("play", "out")
                or key(other_info["name_en"]) != key(info["name_en"])
            ):
                continue
            if not (other.get("agent") is not None and other["face_down"]):
                return True
        return False

    def _reveal_agent(self, state: State, iid: str, site, events: list) -> None:
        """Face up; an agent that has not moved appears at the home site named (the first by default)."""
        card = state["inst"][iid]
        info = st.info(state, iid)
        if self._unique_clash(state, iid):
            raise IllegalAction(
                "unique_in_play",
                gettext_noop("%(card)s ist einzigartig und schon im Spiel (oder aus dem Spiel)."),
                card=info["name_de"],
            )
        if card["agent"]["site"] is None:
            homes = home_sites(info)
            chosen = next((h for h in homes if key(h) == key(site or "")), None) if site else homes[0]
            if chosen is None:
                raise IllegalAction(
                    "not_home_site",
                    gettext_noop("%(card)s erscheint an einem seiner Heimatorte: %(sites)s."),
                    card=info["name_de"],
                    sites=", ".join(homes),
                )
            card["agent"]["site"] = chosen
        card["face_down"] = False
        self._settle_revealed_agent(state, iid)
        self._log(
            events,
            gettext_noop("%(player)s deckt den Agenten %(card)s auf (in %(site)s)."),
            card["owner"],
            card=info["name_de"],
            site=card["agent"]["site"],
        )

    def _do_reveal_agent(self, state, seat, action, events):
        self._agent_phase(state, seat)
        iid, card = self._own_agent(state, seat, action.get("card"))
        if not card["face_down"]:
            raise IllegalAction("agent_face_up", gettext_noop("Der Agent liegt schon offen."))
        self._reveal_agent(state, iid, action.get("site"), events)

    def _do_agent_action(self, state, seat, action, events):
        """One action per round, 1 against the hazard limit, for an agent in play since before this turn."""
        group = self._agent_phase(state, seat)
        iid, card = self._own_agent(state, seat, action.get("card"))
        turn = state["turn"]
        if card["agent"]["since"] >= turn["number"]:
            raise IllegalAction(
                "agent_too_new",
                gettext_noop("Handeln kann nur ein Agent, der schon zu Beginn dieses Zuges im Spiel war."),
            )
        if iid in turn.setdefault("agent_actions", []):
            raise IllegalAction("agent_acted", gettext_noop("Dieser Agent hat in dieser Runde schon gehandelt."))
        kind = action.get("kind")
        if kind not in AGENT_ACTIONS:
            raise IllegalAction(
                "bad_agent_action", gettext_noop("„kind“ ist untap, heal, hide, move, back, home oder creature.")
            )
        possible = {
            "untap": card["tapped"] and not card["wounded"],
            "heal": card["wounded"],
            "hide": not card["face_down"],
        }
        if not possible.get(kind, True):
            raise IllegalAction("agent_action_pointless", gettext_noop("Das ändert an diesem Agenten nichts."))
        plan = self._plan_agent_move(state, seat, iid, kind, action) if kind in ("move", "back", "home") else None
        creature = self._agent_creature(state, seat, iid, group, action) if kind == "creature" else None
        self._check_hazard_limit(group)
        group["hazards"] += 1  # "Jede dieser Handlungen zählt 1 gegen das Gefahrenlimit"
        turn["agent_actions"].append(iid)
        turn["done"] = [False, False]
        info = st.info(state, iid)
        if creature is not None:
            self._play_agent_creature(state, seat, iid, creature, group, events)
            return
        if plan is not None:
            self._apply_agent_move(state, iid, plan, events)
            return
        if kind == "untap":
            card["tapped"] = False
            template = gettext_noop("Der Agent %(card)s wird enttappt.")
        elif kind == "heal":
            card.update(wounded=False, tapped=True)  # "geheilt, also in den getappten Zustand versetzt"
            template = gettext_noop("Der Agent %(card)s wird geheilt (getappt).")
        else:
            card["face_down"] = True
            # "Alle bei ihm liegenden Ortskarten bis auf den aktuellen Aufenthaltsort werden zurück … gelegt."
            self._agent_cards_back(state, iid, keep_last=True)
            template = gettext_noop("Der Agent %(card)s wird verdeckt.")
        self._log(events, template, card=info["name_de"])

    # --- creatures played through an agent (agent_creatures.py) ---------------------------------------------

    def _agent_creature(self, state: State, seat: int, iid: str, group: dict, action: dict) -> str:
        """Checks ``kind: "creature"`` before it counts: a face-up, untapped agent at the site where the company
        is or is moving to, and a creature from the hand the seed allows there. Returns the creature."""
        card = state["inst"][iid]
        if card["face_down"]:
            raise IllegalAction(
                "agent_face_down",
                gettext_noop("Kreaturen spielt nur ein offen ausliegender Agent (erst aufdecken)."),
            )
        if card["tapped"] or card["wounded"]:
            raise IllegalAction("agent_tapped", gettext_noop("Der Agent muss ungetappt sein, um zu tappen."))
        site = group["dest"] or group["site"]
        info = st.info(state, site)
        if key(card["agent"]["site"] or "") != key(info["name_en"]):
            raise IllegalAction(
                "agent_elsewhere",
                gettext_noop("Der Agent ist nicht dort, wo die Gemeinschaft ist oder wohin sie zieht (%(site)s)."),
                site=info["name_de"],
            )
        creature = self._own(state, seat, action.get("creature"), "hand")
        creature_info = st.info(state, creature)
        if not is_creature(creature_info) or not is_hazard(creature_info):
            raise IllegalAction(
                "not_a_creature", gettext_noop("%(card)s ist keine Kreatur."), card=creature_info["name_de"]
            )
        alignment = state["players"][group["owner"]]["alignment"]
        home = at_home(st.info(state, iid), info["name_en"])
        check_creature(creature_info, info, alignment, home=home)
        return creature

    def _play_agent_creature(self, state, seat, iid, creature, group, events) -> None:
        """The agent taps; the creature starts a chain against the company, keyed to nothing ("wird weder
        einer Region noch einem Ort zugeordnet"); detainment as for an attack keyed to nothing."""
        state["inst"][iid]["tapped"] = True
        info = st.info(state, creature)
        alignment = state["players"][group["owner"]]["alignment"]
        self._log(
            events,
            gettext_noop("Der Agent %(card)s tappt: %(creature)s greift an, keinem Ort und keiner Region zugeordnet."),
            card=st.info(state, iid)["name_de"],
            creature=info["name_de"],
        )
        detained = keying.detainment(info, alignment, None, None, state["regions"])
        link = {
            "seat": seat,
            "card": creature,
            "target": {"kind": "company", "id": group["id"]},
            "key": {"kind": "agent", "name": st.info(state, iid)["name_en"], "detainment": detained},
        }
        self._push_link(state, link, events)

    # --- attacks in the site phase -------------------------------------------------------------------------

    def _agents_here(self, state: State, group: dict) -> list[str]:
        """The hazard player's agents at the company's site that have not attacked in this site phase."""
        site = st.info(state, group["site"])["name_en"]
        done = group.get("agent_attacks") or []
        out = []
        for iid in state["players"][1 - group["owner"]]["play"]:
            card = state["inst"][iid]
            if card.get("agent") is None or iid in done or (card["face_down"] and self._unique_clash(state, iid)):
                continue  # an agent that cannot be revealed cannot attack
            where = card["agent"]["site"]
            if (where is None and at_home(st.info(state, iid), site)) or (where and key(where) == key(site)):
                out.append(iid)
        return out

    def _open_agent_window(self, state: State, group: dict | None) -> None:
        """After the automatic attacks (and every agent attack) of an entered site: the hazard player may
        attack with an agent at the site; the table waits for him."""
        turn = state["turn"]
        if state.get("attack") or state["chain"] or group is None or turn["phase"] != "site":
            return
        if group is not self._current_company(state) or not group["entered"] or not group["chars"]:
            return
        if self._agents_here(state, group):
            turn["agent_window"] = group["id"]

    def _do_agent_attack(self, state, seat, action, events):
        turn = state["turn"]
        group = st.company(state, turn.get("agent_window"))
        if group is None or seat != 1 - turn["active"]:
            raise IllegalAction(
                "agent_window",
                gettext_noop("Agenten greifen in der Ortsphase an, nachdem die Gemeinschaft den Ort betreten hat."),
            )
        iid, card = self._own_agent(state, seat, action.get("card"))
        if iid not in self._agents_here(state, group):
            raise IllegalAction(
                "agent_elsewhere",
                gettext_noop("Der Agent ist nicht am Ort der Gemeinschaft oder hat hier schon angegriffen."),
            )
        turn["agent_window"] = None
        group.setdefault("agent_attacks", []).append(iid)
        info = st.info(state, iid)
        site = st.info(state, group["site"])["name_en"]
        home = at_home(info, site)
        prowess, body, mods = info["prowess"] or 0, info["body"], []
        if card["face_down"] and home:
            prowess, body = prowess + 5, body + 1 if body is not None else None
            mods.append(part(gettext_noop("verdeckt am Heimatort +5, Konstitution +1")))
        elif card["face_down"]:
            prowess += 2
            mods.append(part(gettext_noop("verdeckt +2")))
        elif home:
            prowess, body = prowess + 2, body + 1 if body is not None else None
            mods.append(part(gettext_noop("offen am Heimatort +2, Konstitution +1")))
        if card["wounded"]:
            prowess -= 2
            mods.append(part(gettext_noop("verwundet −2")))
        if card["face_down"]:
            self._reveal_agent(state, iid, site, events)  # "muss dazu aufgedeckt werden"
        self._log(
            events,
            gettext_noop("Der Agent %(card)s greift an (%(mods)s)."),
            card=info["name_de"],
            mods=mods or "–",
        )
        alignment = state["players"][group["owner"]]["alignment"]
        self._start_attack(
            state,
            group,
            {
                "name": info["name_de"],
                "race": info["race"],
                "strikes": 1,  # "Ein Agent verfügt über einen Hieb."
                "prowess": prowess,
                "body": body,
                # "Ein Angriff eines Agenten gegen Schergen- oder Balrogspieler ist immer ein Verhörangriff."
                "detainment": keying.detainment(info, alignment, None, None, state["regions"]),
                "card": iid,
                "source": "agent",
            },
            events,
        )

    def _agent_attack_over(self, state: State, attack: dict, beaten: bool, events: list) -> None:
        """ "Der Agent wird eliminiert, wenn alle seine Hiebe besiegt werden. In diesem Fall erhält der Gegner die
        Siegpunkte, die als Siegpunkte für Kreaturen zählen. Der Agent wird verwundet, wenn mindestens einer
        seiner Hiebe fehlschlägt." """
        iid = attack["card"]
        card = state["inst"][iid]
        if card["zone"] != "play":
            return
        name = st.info(state, iid)["name_de"]
        if beaten:
            self._agent_cards_back(state, iid)
            card.pop("agent", None)
            st.give(state, iid, attack["defender"], "mp")
            self._log(
                events,
                gettext_noop("Der Agent %(card)s ist eliminiert und kommt in den Siegpunktstapel von %(player)s."),
                attack["defender"],
                card=name,
            )
        elif attack.get("failed"):
            card["wounded"] = True
            self._log(events, gettext_noop("Der Agent %(card)s ist verwundet."), card=name)

    def _pass_agent_window(self, state: State, seat: int, events: list) -> bool:
        """``pass`` while the table waits for an agent attack: none (more) in this site phase."""
        turn = state["turn"]
        if not turn or not turn.get("agent_window") or seat == turn["active"]:
            return False
        turn["agent_window"] = None
        self._log(events, gettext_noop("%(player)s greift mit keinem Agenten an."), seat)
        return True

    def _agent_choices(self, state: State, seat: int) -> list[dict]:
        group = st.company(state, state["turn"].get("agent_window"))
        if group is None or seat == state["turn"]["active"]:
            return []
        return [
            *(
                {
                    "type": "agent_attack",
                    "card": iid,
                    "cards": [iid],
                    "label": _text(
                        gettext_noop("Mit %(card)s angreifen"), card=st.info(state, iid)["name_de"]
                    ).to_json(),
                }
                for iid in self._agents_here(state, group)
            ),
            {"type": "pass", "cards": [], "label": _text(gettext_noop("Mit keinem Agenten angreifen")).to_json()},
        ]

    def _agents_view(self, state: State, owner: int, seat: int | None, card) -> list[dict]:
        """The agents of ``owner`` on the table: a face-down one only as such to the other seat."""
        out = []
        for iid in state["players"][owner]["play"]:
            inst = state["inst"][iid]
            if inst.get("agent") is None:
                continue
            if inst["face_down"] and owner != seat:
                # The site cards lying face down by it are seen, not their faces.
                out.append({"hidden": True, "agent": True, "site_cards": len(inst["agent"].get("cards") or [])})
            else:
                out.append({**card(iid), "agent_site": inst["agent"]["site"]})
        return out

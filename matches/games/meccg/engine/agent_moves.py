"""Agents moving between sites, and the site cards lying by them (seeds/003 "Agenten als Gefahren":
"Aufdecken von Agenten", "Handlungen von Agenten": Verdecken, Bewegung).

``inst["agent"]`` (agents.py) gains ``cards`` (the site cards lying by the agent, oldest first: cards of the
agent's player in zone ``play`` with ``on`` = the agent), ``trail`` (the sites it moved from, so that it can go
back; ``None`` for "one of its home sites") and ``doomed`` (discarded at the end of the turn).

- ``agent_action`` ``kind: "move"`` with ``site`` (a card of the agent player's location deck): "Ein Agent kann
  sich zu einem Ort (der im Ortsstapel verfügbar ist) bewegen, der in derselben oder einer angrenzenden Region
  seines aktuellen Aufenthaltsortes liegt … Dies darf keine Version eines Helden-Zufluchtsorts und kein
  Unterirdischer Ort sein." Face down: the card goes face down on the others; face up: face up, the others back
  to the location deck. The agent taps. An agent that has not moved moves from whichever of its home sites
  lies in reach ("Bewegt sich der Agent verdeckt, muss er für seinen Heimatort keine Ortskarte haben").
- ``kind: "back"``: "zum zuvor besuchten Ort zurückbegeben; … die zuletzt neben ihn gespielte Ortskarte
  entfernt. Der Agent wird danach getappt."
- ``kind: "home"`` with ``site`` (a home site's name): all its site cards back; face up, the home site's card
  from the location deck is laid by it (refused without one). Not tapped.
- Revealing (agents.py): all cards but the last go back; an agent without a card for its site takes it from
  the location deck — "Ist die entsprechende Ortskarte nicht verfügbar, wird der Agent am Ende der Runde
  abgeworfen" (``doomed``). Hiding: all cards but the current site's go back.
"""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import state as st
from .agents import home_sites
from .cardinfo import key
from .mixin_base import Base
from .movement import _adjacent, canonical_region

# "keine Version eines Helden-Zufluchtsorts": the hero havens of the card data (Site, Hero, {H}).
HERO_HAVENS = frozenset(key(name) for name in ("Rivendell", "Lórien", "Grey Havens", "Edhellond"))


class AgentMovesMixin(Base):
    # --- the site cards by an agent ------------------------------------------------------------------------

    def _agent_cards_back(self, state: State, iid: str, keep_last: bool = False) -> None:
        """The site cards lying by the agent go back to the location deck (all, or all but the current one)."""
        agent = state["inst"][iid]["agent"]
        cards = agent.setdefault("cards", [])
        for site in cards[:-1] if keep_last else cards:
            st.move(state, site, "sites")
        agent["cards"] = cards[-1:] if keep_last else []

    def _lay_agent_site(self, state: State, iid: str, site: str, face_down: bool) -> None:
        st.move(state, site, "play")
        state["inst"][site].update(on=iid, face_down=face_down, tapped=False)
        state["inst"][iid]["agent"].setdefault("cards", []).append(site)

    def _site_card_in_deck(self, state: State, seat: int, name: str) -> str | None:
        """The card for the site ``name`` in the player's location deck ("Gefallener Zauberer-Spieler müssen
        stets die Heldenversion von Orten verwenden")."""
        fallen = state["players"][seat]["alignment"] == "fallen-wizard"
        for site in state["players"][seat]["sites"]:
            info = st.info(state, site)
            if key(info["name_en"]) == key(name) and (not fallen or info["alignment"] == "Hero"):
                return site
        return None

    def _settle_revealed_agent(self, state: State, iid: str) -> None:
        """On revealing: the route's cards but the last go back, face up; no card for the site → doomed."""
        card = state["inst"][iid]
        self._agent_cards_back(state, iid, keep_last=True)
        agent = card["agent"]
        if agent["cards"]:
            state["inst"][agent["cards"][-1]]["face_down"] = False
            return
        site = self._site_card_in_deck(state, card["owner"], agent["site"])
        if site is None:
            agent["doomed"] = True
        else:
            self._lay_agent_site(state, iid, site, face_down=False)

    def _discard_doomed_agents(self, state: State, events: list) -> None:
        """End of the turn: agents revealed without their site card are discarded."""
        for seat in (0, 1):
            for iid in list(state["players"][seat]["play"]):
                agent = state["inst"][iid].get("agent")
                if agent is None or not agent.get("doomed"):
                    continue
                self._agent_cards_back(state, iid)
                state["inst"][iid].pop("agent")
                st.move(state, iid, "discard")
                self._log(
                    events,
                    gettext_noop("Der Agent %(card)s wird abgeworfen: Die Ortskarte %(site)s fehlt."),
                    card=st.info(state, iid)["name_de"],
                    site=agent["site"],
                )

    # --- movement (an agent action) --------------------------------------------------------------------------

    def _site_region(self, state: State, seat: int, name: str) -> str | None:
        site = self._site_card_in_deck(state, seat, name)
        if site is not None:
            return canonical_region(state["regions"], st.info(state, site)["region"])
        for info in self._cards().values():
            if info["type"] == "Site" and key(info["name_en"]) == key(name):
                return canonical_region(state["regions"], info["region"])
        return None

    def _plan_agent_move(self, state: State, seat: int, iid: str, kind: str, action: dict) -> dict:
        """Checks a movement action before it counts against the limit; returns what to do."""
        card = state["inst"][iid]
        agent = card["agent"]
        info = st.info(state, iid)
        if kind == "back":
            if not agent.get("trail"):
                raise IllegalAction("agent_not_moved", gettext_noop("Der Agent hat sich noch nicht bewegt."))
            return {"kind": "back"}
        if kind == "home":
            home = next((h for h in home_sites(info) if key(h) == key(str(action.get("site") or ""))), None)
            if home is None:
                raise IllegalAction(
                    "not_home_site",
                    gettext_noop("%(card)s erscheint an einem seiner Heimatorte: %(sites)s."),
                    card=info["name_de"],
                    sites=", ".join(home_sites(info)),
                )
            site = None
            if not card["face_down"]:
                current = agent.get("cards") or []
                if current and key(st.info(state, current[-1])["name_en"]) == key(home):
                    site = current[-1]  # "muss … die Ortskarte seines Heimatortes liegen bleiben"
                else:
                    site = self._site_card_in_deck(state, seat, home)
                    if site is None:
                        raise IllegalAction(
                            "site_unavailable", gettext_noop("Die Ortskarte %(site)s ist nicht verfügbar."), site=home
                        )
            return {"kind": "home", "home": home, "card": site}
        site = self._own(state, seat, action.get("site"), "sites")
        target = st.info(state, site)
        if key(target["name_en"]) in HERO_HAVENS or target.get("under_deeps"):
            raise IllegalAction(
                "agent_site_forbidden",
                gettext_noop("Agenten bewegen sich nicht zu Helden-Zufluchtsorten und nicht an unterirdische Orte."),
            )
        starts = [agent["site"]] if agent["site"] else home_sites(info)
        goal = canonical_region(state["regions"], target["region"])
        graph = _adjacent(state["regions"], state["players"][seat]["alignment"])
        for start in starts:
            region = self._site_region(state, seat, start)
            if region and goal and (region == goal or goal in graph.get(region, ())):
                return {"kind": "move", "card": site, "from": start if agent["site"] else None}
        raise IllegalAction(
            "agent_too_far",
            gettext_noop(
                "%(site)s liegt nicht in derselben oder einer angrenzenden Region wie der Aufenthaltsort des Agenten."
            ),
            site=target["name_de"],
        )

    def _apply_agent_move(self, state: State, iid: str, plan: dict, events: list) -> None:
        card = state["inst"][iid]
        agent = card["agent"]
        agent.setdefault("trail", [])
        name = st.info(state, iid)["name_de"]
        if plan["kind"] == "move":
            if not card["face_down"]:
                self._agent_cards_back(state, iid)
            agent["trail"].append(plan["from"])
            self._lay_agent_site(state, iid, plan["card"], face_down=card["face_down"])
            agent["site"] = st.info(state, plan["card"])["name_en"]
            card["tapped"] = True  # "Nachdem sich ein Agent bewegt hat, wird er getappt"
        elif plan["kind"] == "back":
            if agent.get("cards"):
                st.move(state, agent["cards"].pop(), "sites")
            agent["site"] = agent["trail"].pop()
            card["tapped"] = True
        else:
            keep = plan["card"]
            for site in agent.get("cards") or []:
                if site != keep:
                    st.move(state, site, "sites")
            agent["cards"] = []
            if keep is not None:
                if state["inst"][keep]["zone"] == "play":
                    agent["cards"] = [keep]
                else:
                    self._lay_agent_site(state, iid, keep, face_down=False)
            agent.update(site=plan["home"], trail=[])
        if card["face_down"]:
            self._log(events, gettext_noop("Ein verdeckter Agent bewegt sich."))
        else:
            self._log(
                events,
                gettext_noop("Der Agent %(card)s bewegt sich nach %(site)s."),
                card=name,
                site=agent["site"] or "–",
            )

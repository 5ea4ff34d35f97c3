"""The organisation phase (seeds/003 "Organisationsphase"): bringing characters into play, influence,
reorganising companies, declaring movement."""

from __future__ import annotations

from matches.engine.base import Event, IllegalAction, State, gettext_noop

from . import effects_resources, uniqueness
from . import state as st
from .cardinfo import avatar_kind, is_haven, key
from .log_text import _text
from .mixin_base import Base
from .movement import MAX_REGIONS, region_route, starter_route


class OrganisationMixin(Base):
    def _home_or_haven(self, state: State, info: dict, site: dict, seat: int) -> bool:
        alignment = state["players"][seat]["alignment"]
        kind = avatar_kind(info)
        home = key(info["home_site"])
        name = key(site["name_en"])
        if kind == "Wizard":
            return name == key("Rivendell") or name == home or (home == key("Any Haven") and is_haven(site))
        if kind == "Ringwraith":
            return name in (key("Minas Morgul"), key("Dol Guldur")) or name == home
        if kind == "Fallen-wizard":
            return name == home or (home == key("Any Free-hold") and site["site_type"] == "{F}")
        if kind == "Balrog":
            return name == key("The Under-gates")
        if info["agent"] and alignment in ("minion", "fallen-wizard"):
            return any(key(h) == name for h in info["home_site"].split(","))  # "Minas Morgul, Cirith Ungol, …"
        return is_haven(site) or name == home or (home == key("Any Haven") and is_haven(site))

    def _do_play_character(self, state, seat, action, events):
        """Bring a character from the hand into play at a haven or its home site, under general influence or a
        leader's direct influence (one a turn)."""
        turn = self._require_active(state, seat, "organization")
        iid, info = self._character_from_hand(state, seat, action, turn)
        group, site_iid, site = self._character_site(state, seat, action, info)
        leader = action.get("under")
        self._check_character_influence(state, seat, info, group, leader)
        if group is not None and st.company_size(state, [*group["chars"], iid]) > st.MAX_COMPANY_SIZE:
            raise IllegalAction("company_full", gettext_noop("Eine Gemeinschaft darf höchstens Größe 7 haben."))
        if group is None:
            st.move(state, site_iid, "play")
            group = st.new_company(state, seat, site_iid)
        st.move(state, iid, "play")
        group["chars"].append(iid)
        state["inst"][iid]["controller"] = leader or None
        turn["char_played"] = True
        if avatar_kind(info):
            turn["avatar_played"] = iid
        self._log(
            events,
            gettext_noop("%(player)s bringt %(card)s in %(site)s ins Spiel."),
            seat,
            card=info["name_de"],
            site=site["name_de"],
        )

    def _character_from_hand(self, state: State, seat: int, action: dict, turn: dict) -> tuple[str, dict]:
        """The character card to play: the first this turn, unique, one a fallen wizard may play."""
        player = state["players"][seat]
        if turn["char_played"]:
            raise IllegalAction(
                "character_played",
                gettext_noop(
                    "In dieser Runde wurde schon ein Charakter ins Spiel gebracht (höchstens einer je Runde)."
                ),
            )
        iid = self._own(state, seat, action.get("card"), "hand")
        info = st.info(state, iid)
        if info["type"] != "Character":
            raise IllegalAction(
                "not_character_card", gettext_noop("%(card)s ist kein Charakter."), card=info["name_de"]
            )
        uniqueness.check(state, info)
        if player["alignment"] == "fallen-wizard" and not avatar_kind(info):
            race = info["race"].casefold()
            if (info["mind"] or 0) > 5 or "orc" in race or "troll" in race:
                raise IllegalAction(
                    "fw_character",
                    gettext_noop(
                        "Gefallene Zauberer spielen keine Charaktere mit Geisteskraft über 5 "
                        "und keine Orks oder Trolle."
                    ),
                )
        return iid, info

    def _character_site(
        self, state: State, seat: int, action: dict, info: dict
    ) -> tuple[dict | None, str | None, dict]:
        """Where the character comes into play: an own company (``company``) or a new one at an own site card
        (``site``), a haven or its home site."""
        group = None
        site_iid = None
        if action.get("company"):
            group = st.company(state, action["company"])
            if group is None or group["owner"] != seat:
                raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
            site = st.info(state, group["site"])
        else:
            site_iid = self._own(state, seat, action.get("site"), "sites")
            site = st.info(state, site_iid)
        if not self._home_or_haven(state, info, site, seat):
            raise IllegalAction(
                "wrong_site",
                gettext_noop(
                    "%(card)s kann nur an einem Zufluchtsort oder an seinem Heimatort (%(home)s) ins Spiel "
                    "kommen, nicht in %(site)s."
                ),
                card=info["name_de"],
                home=info["home_site"] or "–",
                site=site["name_de"],
            )
        return group, site_iid, site

    def _check_character_influence(
        self, state: State, seat: int, info: dict, group: dict | None, leader: str | None
    ) -> None:
        """The avatar's company or a leader's direct influence, else enough general influence."""
        avatar = st.avatar_in_play(state, seat)
        if avatar and not avatar_kind(info) and not leader and (group is None or avatar not in group["chars"]):
            raise IllegalAction(
                "avatar_company",
                gettext_noop(
                    "Ist dein Avatar im Spiel, kommt ein neuer Charakter in dessen Gemeinschaft oder unter den "
                    "direkten Einfluss eines anderen Charakters."
                ),
            )
        if leader:
            self._own_character(state, seat, leader)
            if group is None or leader not in group["chars"]:
                raise IllegalAction(
                    "leader_elsewhere", gettext_noop("Der führende Charakter muss in derselben Gemeinschaft sein.")
                )
            free = st.direct_influence_free(state, leader)
            if free < (info["mind"] or 0):
                raise IllegalAction(
                    "direct_influence",
                    gettext_noop("%(leader)s hat nur %(free)s freien direkten Einfluss; %(card)s braucht %(mind)s."),
                    leader=st.info(state, leader)["name_de"],
                    free=free,
                    card=info["name_de"],
                    mind=info["mind"] or 0,
                )
        else:
            used = st.general_influence_used(state, seat)
            if used + (info["mind"] or 0) > st.GENERAL_INFLUENCE:
                # Decision: the table refuses instead of letting the character in and sending it back at the
                # end of the organisation phase, which is the same outcome without the detour.
                raise IllegalAction(
                    "general_influence",
                    gettext_noop(
                        "Nicht genug allgemeiner Einfluss: %(used)s von 20 sind belegt, %(card)s braucht %(mind)s."
                    ),
                    used=used,
                    card=info["name_de"],
                    mind=info["mind"] or 0,
                )

    def _do_move_character(self, state, seat, action, events):
        """Reorganise: a character joins another company at the same site, or forms a new one there."""
        self._require_active(state, seat, "organization")
        iid = self._own_character(state, seat, action.get("card"))
        source = st.company_of(state, iid)
        target_id = action.get("company")
        if target_id == "new":
            target = None
        else:
            target = st.company(state, target_id)
            if target is None or target["owner"] != seat or target is source:
                raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
            if target["site"] != source["site"] and key(st.info(state, target["site"])["name_en"]) != key(
                st.info(state, source["site"])["name_en"]
            ):
                raise IllegalAction(
                    "other_site", gettext_noop("Charaktere wechseln nur zwischen Gemeinschaften am selben Ort.")
                )
            if st.company_size(state, [*target["chars"], iid]) > st.MAX_COMPANY_SIZE:
                raise IllegalAction("company_full", gettext_noop("Eine Gemeinschaft darf höchstens Größe 7 haben."))
        followers = [f for f, card in state["inst"].items() if card["controller"] == iid and card["zone"] == "play"]
        source["chars"] = [c for c in source["chars"] if c not in (iid, *followers)]
        if target is None:
            target = st.new_company(state, seat, source["site"])
        target["chars"].extend([iid, *followers])
        if state["inst"][iid]["controller"] and state["inst"][iid]["controller"] not in target["chars"]:
            self._set_general(state, seat, iid)
        state["companies"] = [c for c in state["companies"] if c["chars"]]
        self._log(
            events,
            gettext_noop("%(player)s ordnet %(card)s einer anderen Gemeinschaft zu."),
            seat,
            card=st.info(state, iid)["name_de"],
        )

    def _set_general(self, state: State, seat: int, iid: str) -> None:
        info = st.info(state, iid)
        if st.general_influence_used(state, seat) + (info["mind"] or 0) > st.GENERAL_INFLUENCE:
            raise IllegalAction(
                "general_influence",
                gettext_noop(
                    "Nicht genug allgemeiner Einfluss: %(used)s von 20 sind belegt, %(card)s braucht %(mind)s."
                ),
                used=st.general_influence_used(state, seat),
                card=info["name_de"],
                mind=info["mind"] or 0,
            )
        state["inst"][iid]["controller"] = None

    def _do_set_controller(self, state, seat, action, events):
        """General ↔ direct influence (Organisationsphase), if there is enough influence."""
        self._require_active(state, seat, "organization")
        iid = self._own_character(state, seat, action.get("card"))
        leader = action.get("under")
        if not leader:
            self._set_general(state, seat, iid)
        else:
            self._own_character(state, seat, leader)
            if leader == iid or st.company_of(state, leader) is not st.company_of(state, iid):
                raise IllegalAction(
                    "leader_elsewhere", gettext_noop("Der führende Charakter muss in derselben Gemeinschaft sein.")
                )
            if state["inst"][leader]["controller"]:
                raise IllegalAction(
                    "follower_leads", gettext_noop("Ein Gefolgsmann kann keine eigenen Gefolgsleute führen.")
                )
            info = st.info(state, iid)
            state["inst"][iid]["controller"] = None
            if st.direct_influence_free(state, leader) < (info["mind"] or 0):
                raise IllegalAction(
                    "direct_influence",
                    gettext_noop("%(leader)s hat nur %(free)s freien direkten Einfluss; %(card)s braucht %(mind)s."),
                    leader=st.info(state, leader)["name_de"],
                    free=st.direct_influence_free(state, leader),
                    card=info["name_de"],
                    mind=info["mind"] or 0,
                )
            state["inst"][iid]["controller"] = leader
        self._log(
            events, gettext_noop("%(player)s ändert, wer %(card)s führt."), seat, card=st.info(state, iid)["name_de"]
        )

    def _do_plan_movement(self, state, seat, action, events):
        """Declare a company's destination: a face-down site card and the kind of movement."""
        self._require_active(state, seat, "organization")
        group = st.company(state, action.get("company"))
        if group is None or group["owner"] != seat:
            raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
        if group["dest"]:
            raise IllegalAction(
                "already_planned", gettext_noop("Diese Gemeinschaft hat schon ein Ziel; nimm es erst zurück.")
            )
        effects_resources.refuse_movement(state, group)  # Hiding: "may not move to another site this turn"
        dest = self._own(state, seat, action.get("site"), "sites")
        origin = st.info(state, group["site"])
        target = st.info(state, dest)
        if key(origin["name_en"]) == key(target["name_en"]):
            raise IllegalAction("same_site", gettext_noop("Die Gemeinschaft ist schon dort."))
        alignment = state["players"][seat]["alignment"]
        kinds = {st.info(state, i)["race"] for i in group["chars"] if avatar_kind(st.info(state, i))}
        if "Ringwraith" in kinds and not is_haven(target):
            raise IllegalAction(
                "ringwraith_haven", gettext_noop("Gemeinschaften mit einem Ringgeist ziehen nur zu Zufluchtsorten.")
            )
        kind = action.get("kind", "starter")
        if kind == "starter":
            route = starter_route(origin, target, alignment)
        elif kind == "region":
            wanted = action.get("route")
            if wanted is not None and not isinstance(wanted, list):
                raise IllegalAction("bad_route", gettext_noop("Die Reiseroute ist eine Liste von Regionen."))
            route = region_route(
                state["regions"],
                origin,
                target,
                alignment,
                wanted,
                balrog_company="Balrog" in kinds,
                avoid_coast=bool(kinds & {"Ringwraith", "Balrog"}),
                max_regions=MAX_REGIONS + effects_resources.extra_regions(state, group),
            )
        else:
            raise IllegalAction(
                "bad_kind", gettext_noop("Die Bewegungsart ist „starter“ (Grundregeln) oder „region“ (über Regionen).")
            )
        for other in state["companies"]:
            same_origin = other is not group and other["owner"] == seat and other["site"] == group["site"]
            if (
                same_origin
                and other["dest"]
                and key(st.info(state, other["dest"])["name_en"]) == key(target["name_en"])
            ):
                raise IllegalAction(
                    "same_route", gettext_noop("Keine zwei Gemeinschaften dürfen dieselbe Reiseroute haben.")
                )
        st.move(state, dest, "play")
        state["inst"][dest]["face_down"] = True
        group["dest"] = dest
        group["route"] = route
        group["want_draws"] = self._number(action, "draws", 1, 1, 10)
        done = action.get("done", False)
        if not isinstance(done, bool):
            raise IllegalAction("bad_done", gettext_noop("„done“ ist true oder false."))
        plan = self._set_plan(state, group, action) if {"answers", "enter", "leave"} & action.keys() else None
        self._trim_plan(state, seat, action.get("discard"))
        events.append(
            Event(
                _text(
                    gettext_noop("%(player)s legt verdeckt ein Ziel für eine Gemeinschaft fest."),
                    seat=seat,
                ),
                private={seat: _text(gettext_noop("Ziel: %(site)s (%(kind)s)."), site=target["name_de"], kind=kind)},
            )
        )
        if plan is not None:
            self._plan_event(state, seat, group, plan, events)
        if done:  # "… und die Organisationsphase beenden": one submission for the whole phase
            self._log(events, gettext_noop("%(player)s beendet die Organisationsphase."), seat)
            self._enter_phase(state, "long_event", events)

    def _do_cancel_movement(self, state, seat, action, events):
        self._require_active(state, seat, "organization")
        group = st.company(state, action.get("company"))
        if group is None or group["owner"] != seat or not group["dest"]:
            raise IllegalAction("no_plan", gettext_noop("Diese Gemeinschaft hat kein Ziel."))
        st.move(state, group["dest"], "sites")
        group["dest"] = None
        group["route"] = None
        self._log(events, gettext_noop("%(player)s nimmt ein Bewegungsziel zurück."), seat)

    def _do_join_company(self, state, seat, action, events):
        """Organisation phase: a company joins another of the player's companies at the same site
        ("Gemeinschaften": reorganised at will when influence allows; size at most 7)."""
        self._require_active(state, seat, "organization")
        source = st.company(state, action.get("company"))
        target = st.company(state, action.get("to"))
        if source is None or target is None or source is target or seat not in (source["owner"], target["owner"]):
            raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
        if source["owner"] != seat or target["owner"] != seat:
            raise IllegalAction("bad_company", gettext_noop("Diese Gemeinschaft gehört dir nicht."))
        if key(st.info(state, source["site"])["name_en"]) != key(st.info(state, target["site"])["name_en"]):
            raise IllegalAction("other_site", gettext_noop("Gemeinschaften vereinigen sich nur am selben Ort."))
        if source["dest"] or target["dest"]:
            raise IllegalAction(
                "already_planned", gettext_noop("Erst das Bewegungsziel zurücknehmen, dann vereinigen.")
            )
        if st.company_size(state, [*target["chars"], *source["chars"]]) > st.MAX_COMPANY_SIZE:
            raise IllegalAction("company_full", gettext_noop("Eine Gemeinschaft darf höchstens Größe 7 haben."))
        self._merge(state, source, target)
        self._log(
            events,
            gettext_noop("%(player)s vereinigt zwei Gemeinschaften in %(site)s."),
            seat,
            site=st.info(state, target["site"])["name_de"],
        )

    def _merge(self, state: State, source: dict, target: dict) -> None:
        target["chars"].extend(source["chars"])
        source["chars"] = []
        if source["site"] != target["site"] and not any(
            c is not source and source["site"] in (c["site"], c["dest"]) for c in state["companies"]
        ):
            st.move(state, source["site"], "sites")  # the second site card goes back to the location deck
        state["companies"] = [c for c in state["companies"] if c is not source]

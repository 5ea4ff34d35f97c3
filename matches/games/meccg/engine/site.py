"""The site phase (seeds/003 "Ortsphase"): entering a site and facing its automatic attacks, paying for
items, allies and factions by tapping where the site allows them, influencing a faction, revealing
on-guard cards when the rules let them be revealed ("Auf-die-Lauer Legen")."""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop, ngettext_noop

from . import effects, effects_resources, factions, sites, stats
from . import state as st
from .cardinfo import is_creature, is_hazard, is_minor_item
from .log_text import part, signed
from .mixin_base import Base


class SiteMixin(Base):
    def _do_enter_site(self, state, seat, action, events):
        self._require_active(state, seat, "site")
        group = self._current_company(state)
        if group is None:
            raise IllegalAction("no_company", gettext_noop("Gerade hat keine Gemeinschaft ihre Ortsphase."))
        if group["entered"]:
            raise IllegalAction("entered", gettext_noop("Die Gemeinschaft hat den Ort schon betreten."))
        effects.refuse_site_phase(state, group)  # Lost in Free-domains: "may do nothing during its site phase"
        group["entered"] = True
        site = st.info(state, group["site"])
        self._log_company(
            events,
            state,
            ngettext_noop("%(company)s betritt %(site)s.", "%(company)s betreten %(site)s."),
            group,
            site=site["name_de"],
        )
        # "Wird der Ort betreten, muss sich die Gemeinschaft dem automatischen Angriff stellen. Der Gegner kann eine
        # auf die Lauer gelegte Kreatur vor dem automatischen Angriff aufdecken, die … die Gemeinschaft nach dem
        # automatischen Angriff angreift": a window for him first, when he has such a creature on guard here.
        attacks = sites.automatic_attacks(site, state["players"][seat]["alignment"])
        attacks = effects.site_auto_attacks(state, site, attacks, events)  # Daelomin at Home, The Moon Is Dead
        if attacks and self._guarding_creatures(state, group):
            state["turn"]["auto_attack_window"] = {"company": group["id"], "attacks": attacks}
            self._log(
                events,
                gettext_noop("Vor dem automatischen Angriff: %(player)s kann eine Kreatur von der Lauer aufdecken."),
                1 - seat,
            )
            return
        self._auto_attacks(state, group, attacks, events)

    def _auto_attacks(self, state: State, group: dict, attacks: list[dict], events: list) -> None:
        if attacks:
            self._start_attack(state, group, {**attacks[0], "queue": attacks[1:]}, events)
        else:
            self._open_agent_window(state, group)

    def _guarding_creatures(self, state: State, group: dict) -> list[str]:
        """The hazard player's on-guard creatures at this company that could be keyed to its site."""
        found = []
        for iid in group["on_guard"]:
            info = st.info(state, iid)
            if is_hazard(info) and is_creature(info):
                try:
                    self._key_creature(state, info, group, None, at_site=True)
                except IllegalAction:
                    continue
                found.append(iid)
        return found

    def _pass_before_auto_attack(self, state: State, seat: int, events: list) -> None:
        window = state["turn"].pop("auto_attack_window")
        self._log(events, gettext_noop("%(player)s deckt vor dem automatischen Angriff nichts auf."), seat)
        self._auto_attacks(state, st.company(state, window["company"]), window["attacks"], events)

    def _site_resource_cost(self, state: State, seat: int, action: dict, info: dict, group: dict | None) -> str:
        """Items, allies and factions: at an entered site that allows them, tapping an untapped character of
        the company and the site ("Ortsphase", "Gegenstände", "Geringere Gegenstände", "Unterirdische Orte").
        Returns the character who tapped."""
        if state["turn"]["phase"] != "site" or group is None or not group["entered"]:
            raise IllegalAction(
                "site_resource_phase",
                gettext_noop("Gegenstände, Verbündete und Heere spielt man in der Ortsphase am betretenen Ort."),
            )
        bearer = action.get("character") or (action.get("target") or {}).get("id")
        if bearer not in group["chars"]:
            raise IllegalAction("bad_bearer", gettext_noop("Ein Charakter dieser Gemeinschaft muss dafür tappen."))
        if state["inst"][bearer]["tapped"] or state["inst"][bearer]["wounded"]:
            raise IllegalAction("bearer_tapped", gettext_noop("Der Charakter ist schon getappt."))
        # "Cannot be duplicated on a given character", "May only be borne by a character with a prowess of 6 …"
        effects_resources.refuse_duplicate(state, info, bearer, stats.prowess(state, bearer))
        site_info = st.info(state, group["site"])
        problem = sites.item_problem(info, site_info) if "Item" in info["subtype"] else None
        if problem == "hoard":
            raise IllegalAction(
                "not_a_hoard",
                gettext_noop("%(card)s ist ein Drachenschatz: nur an einem Hort spielbar, nicht in %(site)s."),
                card=info["name_de"],
                site=site_info["name_de"],
            )
        if problem in ("kind", "footnote"):
            raise IllegalAction(
                "item_not_playable",
                gettext_noop("%(card)s ist in %(site)s nicht spielbar (dort: %(allowed)s)."),
                card=info["name_de"],
                site=site_info["name_de"],
                allowed=site_info.get("site_playable") or "–",
            )
        if sites.named_site_problem(info, site_info):
            raise IllegalAction(
                "wrong_site_for_card",
                gettext_noop("%(card)s ist nur spielbar in: %(sites)s."),
                card=info["name_de"],
                sites=", ".join(info["play_sites"]),
            )
        site = state["inst"][group["site"]]
        if site["tapped"] and not sites.tapped_site_allowed(info):
            # After the site was tapped: one more minor item, or at an Under-deeps site any item playable there
            # (then no further minor item).
            extra = is_minor_item(info) or (site_info.get("under_deeps") and "Item" in info["subtype"])
            if not extra or group.get("minor_extra"):
                raise IllegalAction("site_tapped", gettext_noop("Der Ort ist schon getappt."))
            group["minor_extra"] = True
        state["inst"][bearer]["tapped"] = True
        site["tapped"] = True
        return bearer

    def _information_cost(self, state: State, seat: int, action: dict, info: dict, group: dict | None) -> str:
        """An Information event ("Sage only during the site phase at an untapped site where Information is
        playable. Tap the sage and the site."): "Ist der Ort ungetappt, so darf ein Charakter der Gemeinschaft
        getappt werden, um ein am Ort spielbares Ereignis … auszuspielen"; the site taps, so one more minor
        item may follow ("Geringere Gegenstände"). Returns the character who tapped."""
        if state["turn"]["phase"] != "site" or group is None or not group["entered"]:
            raise IllegalAction(
                "site_resource_phase",
                gettext_noop("Information spielt man in der Ortsphase an einem betretenen Ort."),
            )
        site_info = st.info(state, group["site"])
        if "information" not in sites.item_kinds(site_info):
            raise IllegalAction(
                "no_information",
                gettext_noop("%(card)s braucht einen Ort, an dem Information spielbar ist; %(site)s ist es nicht."),
                card=info["name_de"],
                site=site_info["name_de"],
            )
        if state["inst"][group["site"]]["tapped"]:
            raise IllegalAction("site_tapped", gettext_noop("Der Ort ist schon getappt."))
        bearer = action.get("character") or (action.get("target") or {}).get("id")
        if bearer not in group["chars"]:
            raise IllegalAction("bad_bearer", gettext_noop("Ein Charakter dieser Gemeinschaft muss dafür tappen."))
        if state["inst"][bearer]["tapped"] or state["inst"][bearer]["wounded"]:
            raise IllegalAction("bearer_tapped", gettext_noop("Der Charakter ist schon getappt."))
        if info["information"] == "sage" and "sage" not in st.info(state, bearer)["skills"].casefold():
            raise IllegalAction("not_a_sage", gettext_noop("Nur ein Weiser spielt %(card)s."), card=info["name_de"])
        state["inst"][bearer]["tapped"] = True
        state["inst"][group["site"]]["tapped"] = True
        return bearer

    def _influence_faction(self, state: State, link: dict, events: list) -> None:
        """ "Heere": the roll plus the character's unused direct influence and the modifications printed on the
        character and the faction (factions.py) must exceed the number on the card."""
        iid, bearer = link["card"], link["bearer"]
        info = st.info(state, iid)
        if state["inst"].get(bearer, {}).get("zone") != "play" or info.get("influence_target") is None:
            self._log(events, gettext_noop("%(card)s bleibt im Spiel (Kartentext)."), card=info["name_de"])
            return
        seat = state["inst"][iid]["owner"]
        character = st.info(state, bearer)
        own_factions = [
            st.info(state, i)
            for i in state["players"][seat]["play"]
            if i != iid and st.info(state, i)["subtype"] == "Faction" and not state["inst"][i]["face_down"]
        ]
        avatar = st.avatar_in_play(state, seat)
        group = st.company_of(state, bearer)
        site = st.info(state, group["site"]) if group and group.get("site") else None
        found = factions.standard_modifications(
            info, character, own_factions, st.info(state, avatar) if avatar else None
        )
        mods = [
            part(gettext_noop("Standardmodifikation %(what)s %(value)s"), what=what, value=signed(value))
            for what, value in found
        ]
        for what, value in factions.character_modifications(character, info, site):
            found.append((what, value))
            mods.append(
                part(
                    gettext_noop("%(character)s gegen %(what)s %(value)s"),
                    character=character["name_de"],
                    what=what,
                    value=signed(value),
                )
            )
        prowess = stats.prowess(state, bearer)  # Muster, Threats: the warrior's prowess in this check
        for name, value in effects_resources.faction_influence(state, bearer, info, prowess):  # "… against factions"
            found.append((name, value))
            mods.append(part(gettext_noop("%(card)s %(value)s"), card=name, value=signed(value)))
        for name, value in effects.use(state, bearer, "influence"):  # scripted cards for this check
            found.append((name, value))
            mods.append(part(gettext_noop("%(card)s %(value)s"), card=name, value=signed(value)))
        accepted = (state["inst"][bearer].get("mods") or {}).pop("influence", 0)
        if accepted:
            found.append(("", accepted))
            mods.append(part(gettext_noop("Kartentext %(value)s"), value=signed(accepted)))
        total_mod = sum(value for _, value in found)
        free = max(0, st.direct_influence_free(state, bearer))
        dice = self._roll2d6(state)
        total = sum(dice) + free + total_mod
        success = total > info["influence_target"]
        self._log(
            events,
            gettext_noop(
                "Beeinflussung von %(card)s durch %(character)s: Wurf %(a)s+%(b)s, freier direkter Einfluss "
                "%(di)s, Modifikationen: %(mods)s = %(total)s gegen %(target)s: %(outcome)s."
            ),
            card=info["name_de"],
            character=character["name_de"],
            a=dice[0],
            b=dice[1],
            di=free,
            mods=mods or "–",
            total=total,
            target=info["influence_target"],
            outcome=part(gettext_noop("gelungen") if success else gettext_noop("misslungen, abgeworfen")),
        )
        if not success:  # discarded, or shuffled into the play deck by card text (The Dark Power)
            effects_resources.faction_failed(state, iid, bearer)
        else:
            effects.influence_succeeded(self, state, bearer, events)  # Lure of Power

    def _do_reveal_on_guard(self, state, seat, action, events):
        """Reveal an on-guard card in the company's site phase, after it entered; it opens a chain (no limit
        counted). Only hazards, onto the hazard player's side; a creature only if it can be keyed to the site."""
        self._stage(state, "play")
        self._no_chain(state)
        turn = state["turn"]
        group = self._current_company(state)
        if seat == turn["active"] or turn["phase"] != "site" or group is None or not group["entered"]:
            raise IllegalAction(
                "reveal_phase",
                gettext_noop(
                    "Auf die Lauer gelegte Karten deckt der Gegner in der Ortsphase auf, wenn der Ort betreten ist."
                ),
            )
        iid = action.get("card")
        if iid not in group["on_guard"] or state["inst"][iid]["owner"] != seat:
            raise IllegalAction("not_on_guard", gettext_noop("Diese Karte liegt hier nicht auf der Lauer."))
        info = st.info(state, iid)
        if not is_hazard(info):
            raise IllegalAction(
                "not_a_hazard",
                gettext_noop("Nur Gefahren werden aufgedeckt; die Karte geht am Ende der Runde auf die Hand zurück."),
            )
        window = state["turn"].get("auto_attack_window")
        if is_creature(info) and not window:
            # "Die Karte muss dann vor Beginn des ersten automatischen Angriffes aufgedeckt werden."
            raise IllegalAction(
                "creature_before_auto_attack",
                gettext_noop(
                    "Eine Kreatur von der Lauer wird nur vor dem automatischen Angriff eines Ortes aufgedeckt, der "
                    "einen hat."
                ),
            )
        link = {"seat": seat, "card": iid, "target": {"kind": "company", "id": group["id"]}}
        if is_creature(info):
            key_ = self._key_creature(state, info, group, action.get("keyed"), at_site=True).to_json()
            group["on_guard"].remove(iid)
            state["inst"][iid]["face_down"] = False
            self._log(events, gettext_noop("%(player)s deckt %(card)s auf."), seat, card=info["name_de"])
            # It attacks after all the automatic attacks and does not count as one (a creature attack).
            state["turn"].pop("auto_attack_window")
            attack = self._creature_attack(state, iid, key_)
            self._auto_attacks(state, group, [*window["attacks"], attack], events)
            return
        group["on_guard"].remove(iid)
        state["inst"][iid]["face_down"] = False
        state["chain"].append(link)
        state["priority"] = 1 - seat
        state["passes"] = 0
        self._log(events, gettext_noop("%(player)s deckt %(card)s auf."), seat, card=info["name_de"])

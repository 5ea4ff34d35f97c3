"""The site phase (seeds/003 "Ortsphase"): entering a site, paying for items, allies and factions
by tapping, revealing on-guard cards."""

from __future__ import annotations

from matches.engine.base import IllegalAction, State, gettext_noop

from . import state as st
from .cardinfo import is_minor_item
from .common import Base


class SiteMixin(Base):
    def _do_enter_site(self, state, seat, action, events):
        self._require_active(state, seat, "site")
        group = self._current_company(state)
        if group is None:
            raise IllegalAction("no_company", gettext_noop("Gerade hat keine Gemeinschaft ihre Ortsphase."))
        if group["entered"]:
            raise IllegalAction("entered", gettext_noop("Die Gemeinschaft hat den Ort schon betreten."))
        group["entered"] = True
        self._log(
            events,
            gettext_noop("%(company)s betritt %(site)s."),
            company=self._company_label(state, group),
            site=st.info(state, group["site"])["name_de"],
        )

    def _site_resource_cost(self, state: State, seat: int, action: dict, info: dict, group: dict | None) -> None:
        """Items, allies and factions: at an entered site, tapping an untapped character of the company."""
        if state["turn"]["phase"] != "site" or group is None or not group["entered"]:
            raise IllegalAction(
                "site_resource_phase",
                gettext_noop("Gegenstände, Verbündete und Heere spielt man in der Ortsphase am betretenen Ort."),
            )
        bearer = action.get("character") or (action.get("target") or {}).get("id")
        if bearer not in group["chars"]:
            raise IllegalAction("bad_bearer", gettext_noop("Ein Charakter dieser Gemeinschaft muss dafür tappen."))
        if state["inst"][bearer]["tapped"]:
            raise IllegalAction("bearer_tapped", gettext_noop("Der Charakter ist schon getappt."))
        site = state["inst"][group["site"]]
        if site["tapped"] and not (is_minor_item(info) and not group.get("minor_extra")):
            raise IllegalAction("site_tapped", gettext_noop("Der Ort ist schon getappt."))
        if site["tapped"]:
            group["minor_extra"] = True  # the one extra minor item after the site was tapped
        state["inst"][bearer]["tapped"] = True
        site["tapped"] = True

    def _do_reveal_on_guard(self, state, seat, action, events):
        """Reveal an on-guard card in the company's site phase; it opens a chain (no limit counted)."""
        self._stage(state, "play")
        self._no_chain(state)
        turn = state["turn"]
        group = self._current_company(state)
        if seat == turn["active"] or turn["phase"] != "site" or group is None:
            raise IllegalAction(
                "reveal_phase", gettext_noop("Auf die Lauer gelegte Karten deckt der Gegner in der Ortsphase auf.")
            )
        iid = action.get("card")
        if iid not in group["on_guard"] or state["inst"][iid]["owner"] != seat:
            raise IllegalAction("not_on_guard", gettext_noop("Diese Karte liegt hier nicht auf der Lauer."))
        group["on_guard"].remove(iid)
        state["inst"][iid]["face_down"] = False
        state["chain"].append({"seat": seat, "card": iid, "target": {"kind": "company", "id": group["id"]}})
        state["priority"] = 1 - seat
        state["passes"] = 0
        self._log(events, gettext_noop("%(player)s deckt %(card)s auf."), seat, card=st.info(state, iid)["name_de"])

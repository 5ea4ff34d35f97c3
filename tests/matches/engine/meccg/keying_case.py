"""One hand-worked keying case (keying_cases.py) and the abbreviations its table is written in."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Case:
    id: str
    creature: str
    alignment: str
    frm: str
    to: str | None = None
    movement: str | None = None
    regions: tuple[str, ...] | None = None
    doors_of_night: bool = False
    balrog_company: bool | None = None  # API only: "balrog" means the Balrog's own company unless false
    keys: frozenset = field(default_factory=frozenset)
    route: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    error: tuple[str, str] | None = None

    def body(self) -> dict:
        data = {
            "creature": self.creature,
            "alignment": self.alignment,
            "from": self.frm,
            "to": self.to,
            "movement": self.movement,
            "regions": list(self.regions) if self.regions is not None else None,
        }
        if self.doors_of_night:
            data["doors_of_night"] = True
        if self.balrog_company is not None:
            data["balrog_company"] = self.balrog_company
        return data


def K(*keys):  # reads like a set literal in the table
    return frozenset(keys)


W, S, D, B, F, C = "w", "s", "d", "b", "f", "c"
RT, RG, ST, SI = "region_type", "region", "site_type", "site"
T, N = True, False  # detainment, no detainment

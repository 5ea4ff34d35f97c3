"""Links from a rule to its section in the rules reference (when the rules app offers one)."""

try:
    from rules.selectors import find_section
except ImportError:  # the rules app does not offer the lookup (yet): no links, never dead ones
    find_section = None

GAME_SLUG = "meccg"


class SectionLinks:
    """Resolves (heading, within) to a URL once per instance (one per request)."""

    def __init__(self):
        self._cache: dict = {}

    def url(self, heading: str, within: str | None) -> str | None:
        key = (heading, within)
        if key not in self._cache:
            self._cache[key] = _lookup(heading, within)
        return self._cache[key]


def _lookup(heading, within):
    if find_section is None:
        return None
    try:
        section = find_section(GAME_SLUG, heading, within=within)
        if section is None and within:
            section = find_section(GAME_SLUG, heading)
        return section.get_absolute_url() if section is not None else None
    except Exception:  # a broken lookup must not break the deck page
        return None


def result_dict(result, links: SectionLinks | None = None) -> dict:
    """The check's result as plain JSON-able data, with section links."""
    links = links or SectionLinks()
    return {
        "legal": result.legal,
        "problems": [p.as_dict(links.url(p.heading, p.within)) for p in result.problems],
        "summary": result.summary,
    }

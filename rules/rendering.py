"""Markdown of a rulebook section -> sanitised HTML and plain text; ``ref:`` links resolved by a callback."""

import html
import inspect
import re
from collections.abc import Callable

import markdown
import nh3
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from .models import ALIGNMENT_LABELS
from .parsing.notes import GAP_LABELS, NOTE_RE

REF_LINK = re.compile(r"\[(?P<label>[^\]]*)\]\(<?ref:(?P<target>[^)>]*)>?\)")
ALIGNMENT_RUN = re.compile(r"<(p|li)>((?:\[[HSFB]\]\s*)+)")
BLOCK_START = re.compile(r"^<(p|ul|ol|blockquote|table)>", re.M)

ALLOWED_TAGS = {
    "p", "br", "strong", "em", "b", "i", "ul", "ol", "li", "a", "span", "sup", "sub",
    "blockquote", "code", "pre", "table", "thead", "tbody", "tr", "th", "td", "h3", "h4", "h5", "hr", "aside", "div",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "class", "aria-label", "id"},
    "span": {"class", "title"},
    "sup": {"class"},
    "li": {"id"},
    "aside": {"class", "aria-label"},
    "div": {"class", "tabindex", "role", "aria-label"},
    "p": {"id", "class"},
    "ul": {"id"},
    "ol": {"id"},
    "blockquote": {"id"},
    "table": {"id"},
}

# Returns the URL for a ``ref:`` target or None (then the label stays plain text and is reported).  A
# resolver taking two arguments also gets the text before the reference in its sentence (its topic).
Resolver = Callable[..., str | None]
CONTEXT_CHARS = 160
MONTHS = "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember"
DATE_LINE = re.compile(rf"^(\s*\d{{1,2}})\.(?= (?:{MONTHS})\b)", re.M)
PRONOUN_START = re.compile(r"^\W*(?:Diese[rsn]?|Dies|Sie|Er|Es|Hierzu|Dazu|Davon)\b")
EDITORIAL = re.compile(
    r'<aside class="editorial-notes".*?</aside>|<sup class="ed-ref">.*?</sup>|<p class="ed-lead">.*?</p>', re.S
)
# Where an editorial note stood while the Markdown is converted (letters only, so Markdown leaves it alone).
NOTE_MARK = re.compile(r"zzanm(\d+)zz")


def extract_alignments(source: str) -> list[str]:
    """Alignment codes used as paragraph markers ("[H] …") in a section's Markdown, in H S F B order."""
    found = set(re.findall(r"(?m)^\s*(?:-\s+)?((?:\[[HSFB]\]\s*)+)", source))
    codes = {code for run in found for code in re.findall(r"[HSFB]", run)}
    return [code for code in ALIGNMENT_LABELS if code in codes]


def _badges(match: re.Match) -> str:
    codes = re.findall(r"[HSFB]", match.group(2))
    badges = "".join(
        f'<span class="badge align align-{code.lower()}">{html.escape(str(ALIGNMENT_LABELS[code]))}</span> '
        for code in codes
    )
    return f"<{match.group(1)}>{badges}"


def render(source: str, resolve: Resolver) -> tuple[str, str, list[tuple[str, str]]]:
    """(html, plain text, unresolved [(label, target)]) for a section's Markdown.

    The HTML is stored, so its few labels are in the site's language, whoever runs the import.
    """
    with translation.override(settings.LANGUAGE_CODE):
        return _render(source, resolve)


def _render(source: str, resolve: Resolver) -> tuple[str, str, list[tuple[str, str]]]:
    unresolved: list[tuple[str, str]] = []

    with_context = len(inspect.signature(resolve).parameters) > 1
    notes: list[tuple[str, str]] = []

    def hold(match: re.Match) -> str:
        notes.append((match["kind"], match["note"]))
        return "" if match["kind"] == "Kopf" else f"zzanm{len(notes)}zz"

    source = NOTE_RE.sub(hold, source)

    def link(match: re.Match) -> str:
        label, target = match.group("label"), match.group("target")
        url = resolve(target, reference_context(source, match.start())) if with_context else resolve(target)
        if url is None:
            unresolved.append((label, target))
            return label
        return f"[{label}](<{url}>)"

    text = REF_LINK.sub(link, source)
    # A date at the start of a line ("07. Mai 2007") is text, not an ordered list item.
    text = DATE_LINE.sub(r"\1\\.", text)
    rendered = markdown.markdown(text, extensions=["sane_lists", "tables"])
    rendered = ALIGNMENT_RUN.sub(_badges, rendered)
    counter = iter(range(1, 10_000))

    def anchor(match: re.Match) -> str:
        return f'<{match.group(1)} id="abs-{next(counter)}">'

    rendered = BLOCK_START.sub(anchor, rendered)
    # A visible permalink at the end of each paragraph, so a single rule can be linked.
    label = html.escape(gettext("Link zu diesem Absatz"))
    rendered = re.sub(
        r'<p id="(abs-\d+)">(.*?)</p>',
        rf'<p id="\1">\2 <a class="permalink" href="#\1" aria-label="{label}">¶</a></p>',
        rendered,
        flags=re.S,
    )
    # a wide table scrolls on its own (keyboard too) instead of widening a phone's page
    table_label = html.escape(gettext("Tabelle"))
    rendered = re.sub(
        r"(<table\b.*?</table>)",
        rf'<div class="table-scroll" tabindex="0" role="region" aria-label="{table_label}">\1</div>',
        rendered,
        flags=re.S,
    )
    rendered = _editorial_notes(rendered, notes)
    clean = nh3.clean(rendered, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES, link_rel=None)
    return clean, html_to_text(clean), unresolved


def _editorial_notes(rendered: str, notes: list[tuple[str, str]]) -> str:
    """Footnote marks where the notes stood and the numbered notes below the text."""
    if not notes:
        return rendered
    title = html.escape(gettext("Anmerkungen der Redaktion"))

    def mark(match: re.Match) -> str:
        number = int(match.group(1))
        kind = notes[number - 1][0]
        label = html.escape(gettext("Anmerkung der Redaktion %(number)s") % {"number": number})
        ref = (
            f'<sup class="ed-ref"><a href="#anm-{number}" id="anm-ref-{number}" aria-label="{label}">'
            f"[{number}]</a></sup>"
        )
        gap = GAP_LABELS.get(kind)
        return f'<span class="text-gap">{html.escape(gap)}</span>{ref}' if gap else ref

    rendered = NOTE_MARK.sub(mark, rendered)
    heading_notes = [number for number, (kind, _) in enumerate(notes, start=1) if kind == "Kopf"]
    if heading_notes:
        # notes on the section as a whole (its heading, inferred symbols) are announced above the text
        links = " ".join(f'<a href="#anm-{n}" id="anm-ref-{n}">[{n}]</a>' for n in heading_notes)
        lead = html.escape(gettext("Anmerkung der Redaktion zu diesem Abschnitt:"))
        rendered = f'<p class="ed-lead">{lead} {links}</p>\n{rendered}'
    back = html.escape(gettext("Zurück zur Textstelle"))
    items = "".join(
        f'<li id="anm-{number}">{html.escape(text)}'
        + f' <a href="#anm-ref-{number}" aria-label="{back}">↩</a>'
        + "</li>"
        for number, (kind, text) in enumerate(notes, start=1)
    )
    return f'{rendered}\n<aside class="editorial-notes" aria-label="{title}"><h3>{title}</h3><ol>{items}</ol></aside>'


def reference_context(source: str, position: int) -> str:
    """The plain text of the sentence before a reference: what it is about ("besiegt (s. S. 32)")."""
    before = source[max(0, position - CONTEXT_CHARS) : position]
    sentences = re.split(r"\n\s*\n|(?<=[.!?])\s+(?=[A-ZÄÖÜ*])", before)
    before = sentences[-1]
    if len(sentences) > 1 and PRONOUN_START.match(before):
        # "Diese werden auf Seite 14 beschrieben": the topic is named in the sentence before
        before = f"{sentences[-2]} {before}"
    before = NOTE_MARK.sub(" ", REF_LINK.sub(" ", before))
    return re.sub(r"[*_#>\[\]()]+", " ", before).strip()


def html_to_text(fragment: str) -> str:
    fragment = re.sub(r'\s?<a class="permalink"[^>]*>¶</a>', "", fragment)
    # editorial notes are not the book's text
    fragment = EDITORIAL.sub("", fragment)
    text = re.sub(r"</?(?:em|strong|b|i|a|span|sup|sub|code|mark)\b[^>]*>", "", fragment)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", html.unescape(text)).strip()

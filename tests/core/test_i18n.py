"""German is the default, English is available: pages switch, the catalogue is complete and compiled.

The catalogue checks read ``locale/en/LC_MESSAGES/django.po`` with a small parser of their own
(no gettext tools, no Django translation machinery), so they also run on machines without gettext.
"""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

LOCALE_DIR = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES"
PO_FILE = LOCALE_DIR / "django.po"
MO_FILE = LOCALE_DIR / "django.mo"
PLACEHOLDER = re.compile(r"%\([A-Za-z_]+\)[sd]|%[sd]|\{[A-Za-z_]+\}|<[^>]+>")

# English is a visitor's explicit choice (the set_language cookie), never the browser's Accept-Language.
EN = {"headers": {"cookie": f"{settings.LANGUAGE_COOKIE_NAME}=en"}}


# --- a minimal .po reader -------------------------------------------------------------------------


def _unquote(text: str) -> str:
    return ast.literal_eval(text)  # a .po string is a C string; Python reads the escapes we use


def read_po(path: Path) -> list[dict]:
    """Entries as dicts: msgctxt, msgid, msgid_plural, msgstr (str or {n: str}), flags, obsolete."""
    entries, entry, key = [], None, None

    def finish():
        if entry is not None and entry.get("msgid") is not None:
            entries.append(entry)

    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        if line.startswith("#~"):
            if entry is None or "msgid" in entry:
                finish()
                entry, key = {"flags": set(), "obsolete": True}, None
            continue
        if line.startswith("#,"):
            if entry is not None and "msgid" in entry:
                finish()
                entry = None
            entry = entry or {"flags": set(), "obsolete": False}
            entry["flags"].update(f.strip() for f in line[2:].split(","))
            continue
        if line.startswith("#"):
            if entry is not None and "msgid" in entry:
                finish()
                entry = None
            continue
        match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")$", line)
        if match:
            keyword, index, value = match.groups()
            if keyword in ("msgid", "msgctxt") and entry is not None and "msgid" in entry:
                finish()
                entry = None
            entry = entry or {"flags": set(), "obsolete": False}
            if index is not None:
                entry.setdefault("msgstr", {})[int(index)] = _unquote(value)
                key = ("msgstr", int(index))
            else:
                entry[keyword] = _unquote(value)
                key = (keyword, None)
            continue
        assert line.startswith('"'), f"unexpected line in {path.name}: {line!r}"
        name, index = key
        if index is None:
            entry[name] += _unquote(line)
        else:
            entry["msgstr"][index] += _unquote(line)
    finish()
    return [e for e in entries if not e["obsolete"]]


@pytest.fixture(scope="module")
def po_entries():
    entries = read_po(PO_FILE)
    assert entries[0]["msgid"] == "", "the catalogue starts with its header"
    return entries[1:]


@pytest.fixture
def meccg_rulebook(db):
    """The MECCG rulebook, imported inside the test's transaction (rolled back afterwards).

    Not session-wide: tests/rules counts what its own first import creates.
    """
    from core.content import RULEBOOKS
    from rules.importer import import_rulebook

    filename = next(name for name, slug in RULEBOOKS if slug == "meccg")
    import_rulebook(settings.BRUCHTAL_CONTENT_DIR / "seeds" / filename, "meccg")


# --- pages ----------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_german_is_the_default(client):
    for headers in ({}, {"accept-language": "fr"}, {"accept-language": "en-US,en;q=0.9"}):
        page = client.get("/", headers=headers).content.decode()
        assert '<html lang="de">' in page
        assert "<h1>Willkommen in Bruchtal</h1>" in page
        for label in ("Karten", "Regeln", "Decks", "Partien", "Anmelden"):
            assert f">{label}</a>" in page


@pytest.mark.django_db
def test_home_and_navigation_in_english(client):
    page = client.get("/", **EN).content.decode()
    assert '<html lang="en">' in page
    assert "<h1>Welcome to Bruchtal</h1>" in page
    assert "Skip to content" in page and 'aria-label="Main navigation"' in page
    for label in ("Cards", "Rules", "Decks", "Matches", "Log in", "Sign up"):
        assert f">{label}</a>" in page
    assert "Many thanks!" in page and "Vielen Dank" not in page
    assert 'for="lang-select">Language</label>' in page
    assert "Willkommen" not in page and "Regeln" not in page


@pytest.mark.django_db
def test_language_cookie_and_set_language_switch_to_english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert "<h1>Welcome to Bruchtal</h1>" in client.get("/").content.decode()

    client.cookies.clear()
    assert "<h1>Willkommen in Bruchtal</h1>" in client.get("/").content.decode()
    response = client.post(reverse("set_language"), {"language": "en", "next": "/karten/"})
    assert response.status_code == 302 and response["Location"] == "/karten/"
    page = client.get("/karten/").content.decode()
    assert '<html lang="en">' in page and "<h1>Cards</h1>" in page
    client.post(reverse("set_language"), {"language": "de", "next": "/"})
    assert "<h1>Willkommen in Bruchtal</h1>" in client.get("/").content.decode()


@pytest.mark.django_db
def test_login_form_errors_in_english(client, django_user_model):
    django_user_model.objects.create_user("sam", "sam@auenland.example", "Kartoffeln-2026!")
    page = client.post(reverse("core:login"), {"username": "sam", "password": "wrong"}, **EN).content.decode()
    assert "User name/email address or password is wrong. Please check both (the password is case-sensitive)." in page
    page = client.post(reverse("core:login"), {"username": "", "password": ""}, **EN).content.decode()
    assert "This field is required." in page
    assert "<h1>Log in</h1>" in page

    page = client.post(reverse("core:login"), {"username": "sam", "password": "wrong"}).content.decode()
    assert "Benutzername/E-Mail-Adresse oder Passwort ist falsch" in page


@pytest.mark.django_db
def test_card_search_error_in_english(client):
    response = client.get(reverse("cards:index"), {"q": "typ:charakter (geist>5"}, **EN)
    assert response.status_code == 400
    page = response.content.decode()
    assert "This parenthesis is never closed (at character 15)" in page
    assert "<code>typ:charakter <mark>(</mark>geist&gt;5</code>" in page
    assert "Everything the query language can do" in page

    response = client.get(reverse("cards:index"), {"q": "farbe:rot"}, **EN)
    assert "Unknown field “farbe”. Known fields:" in response.content.decode()


@pytest.mark.django_db
def test_card_search_result_count_uses_english_plural(client, meccg_cards):
    page = client.get(reverse("cards:index"), {"q": '!"Aragorn II"'}, **EN).content.decode()
    assert "1 card found." in page
    assert "<td>Mind 9 · DI 3 · 6/9 · MP 3</td>" in page
    page = client.get(reverse("cards:index"), {"q": "Aragorn"}, **EN).content.decode()
    assert re.search(r"\d+ cards found\.", page)


@pytest.mark.django_db
def test_rules_pages_in_english(client, meccg_rulebook):
    page = client.get("/regeln/", **EN).content.decode()
    assert "<h1>Rules</h1>" in page and "<h2>Rulebooks</h2>" in page
    assert "Glossary of all games (A–Z)" in page

    page = client.get("/regeln/meccg/ringgeister/", **EN).content.decode()
    assert "Applies only to:" in page and "Gilt nur für:" not in page
    assert 'class="badge align align-s">Minion' in page
    assert "Permanent link to this section" in page

    page = client.get("/regeln/meccg/", **EN).content.decode()
    assert "Preface" in page and "Search this rulebook" in page

    page = client.get("/regeln/meccg/ringgeister/").content.decode()
    assert "Gilt nur für:" in page


@pytest.mark.django_db
def test_deck_check_messages_in_english(client, meccg_cards):
    body = {"alignment": "Hero", "text": "4 Gandalf\n"}
    data = client.post("/api/decks/check/", body, content_type="application/json", **EN).json()
    messages = " ".join(p["message"] for p in data["problems"])
    assert "There are 4 Wizards in the play deck" in messages
    assert "The resource portion has 0 cards; 30 to 50 are required." in messages


# --- the catalogue --------------------------------------------------------------------------------


def test_catalogue_has_no_untranslated_or_fuzzy_entries(po_entries):
    assert len(po_entries) > 500
    untranslated = []
    for entry in po_entries:
        strings = entry["msgstr"].values() if isinstance(entry["msgstr"], dict) else [entry["msgstr"]]
        if "fuzzy" in entry["flags"] or not all(s.strip() for s in strings):
            untranslated.append(entry["msgid"])
    assert untranslated == []


def test_translations_keep_placeholders_and_markup(po_entries):
    broken = []
    for entry in po_entries:
        if isinstance(entry["msgstr"], dict):
            pairs = [(entry["msgid"] if n == 0 else entry["msgid_plural"], s) for n, s in entry["msgstr"].items()]
        else:
            pairs = [(entry["msgid"], entry["msgstr"])]
        for source, translation in pairs:
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(translation)):
                broken.append((source, translation))
    assert broken == []


def test_compiled_catalogue_matches_the_po_file(po_entries):
    with MO_FILE.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    catalog = compiled._catalog
    stale = []
    for entry in po_entries:
        context = entry.get("msgctxt")
        msgid = f"{context}\x04{entry['msgid']}" if context else entry["msgid"]
        if isinstance(entry["msgstr"], dict):
            for n, translation in entry["msgstr"].items():
                if catalog.get((msgid, n)) != translation:
                    stale.append(entry["msgid"])
        elif catalog.get(msgid) != entry["msgstr"]:
            stale.append(entry["msgid"])
    assert stale == [], "run `manage.py compilemessages` and commit django.mo"
    assert (compiled.plural(1), compiled.plural(2)) == (0, 1)  # the plural formula was compiled in
    assert len({key if isinstance(key, str) else key[0] for key in catalog}) == len(po_entries) + 1  # + header


# --- the catalogue covers the source ----------------------------------------------------------------

GETTEXT_NAMES = {
    "_",
    "gettext",
    "gettext_noop",
    "gettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "ngettext",
    "ngettext_lazy",
}
TRANSLATE_TAG = re.compile(r"""\{%\s*(?:translate|trans)\s+(?:"([^"]*)"|'([^']*)')""")
SOURCE_DIRS = ("cards", "config", "core", "decks", "matches", "rules")


def _python_msgids():
    for directory in SOURCE_DIRS:
        for path in (Path(settings.BASE_DIR) / directory).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name not in GETTEXT_NAMES:
                    continue
                arg = node.args[1] if name.startswith("pgettext") else node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield path, arg.value


def _template_msgids():
    for path in (Path(settings.BASE_DIR) / "templates").rglob("*.*"):
        for match in TRANSLATE_TAG.finditer(path.read_text(encoding="utf-8")):
            yield path, match.group(1) if match.group(1) is not None else match.group(2)


def test_every_marked_string_is_in_the_catalogue(po_entries):
    """Strings marked in Python (gettext calls) and templates ({% translate %}) all have an entry.

    If this fails: run `manage.py makemessages -l en --ignore=.venv --ignore=staticfiles`,
    translate the new entries in locale/en/LC_MESSAGES/django.po and run `manage.py compilemessages`.
    """
    known = {entry["msgid"] for entry in po_entries}
    marked = [*_python_msgids(), *_template_msgids()]
    assert len(marked) > 400
    missing = sorted(
        {f"{path.relative_to(settings.BASE_DIR)}: {msgid}" for path, msgid in marked if msgid not in known}
    )
    assert missing == []

import pytest
from django.conf import settings

from core.content import RULEBOOKS

MECCG_FILE = "003_3078cde44e2d18ee.txt"


def seed_path(filename):
    return settings.BRUCHTAL_CONTENT_DIR / "seeds" / filename


def _parser_available(game_slug):
    from rules.parsing.registry import ParserMissing, load_parser

    try:
        load_parser(game_slug)
    except ParserMissing:
        return False
    return True


@pytest.fixture(scope="session")
def rulebooks(django_db_setup, django_db_blocker):
    """Every rulebook whose parser exists, imported once per session (MECCG always).

    Returns {game_slug: ImportSummary}.  Tests using ``transactional_db`` flush the database;
    pytest-django runs them last.
    """
    from rules.importer import import_rulebook

    summaries = {}
    with django_db_blocker.unblock():
        for filename, game_slug in RULEBOOKS:
            if game_slug == "meccg" or _parser_available(game_slug):
                summaries[game_slug] = import_rulebook(seed_path(filename), game_slug)
    return summaries


@pytest.fixture
def meccg(rulebooks, db):
    from rules.models import Rulebook

    return Rulebook.objects.select_related("game").get(game__slug="meccg")

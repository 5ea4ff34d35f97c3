"""Search support on PostgreSQL: pg_trgm, a stored full-text vector and GIN indexes.

Everything here is a no-op on SQLite (the query compiler has a fallback there).
"""

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations

# German and English names and text; names weigh more. HTML tags in the text are
# skipped by the default text-search parser.
VECTOR = (
    "setweight(to_tsvector('german', coalesce(name_de, '')), 'A') || "
    "setweight(to_tsvector('english', coalesce(name_en, '')), 'A') || "
    "setweight(to_tsvector('german', coalesce(text_de, '')), 'B') || "
    "setweight(to_tsvector('english', coalesce(text_en, '')), 'B')"
)

# Both names, lower-cased, in one column: one trigram index serves substring (LIKE) and
# typo (word similarity, ``<%``) matching of free words.
NAMES = "lower(coalesce(name_de, '') || ' ' || coalesce(name_en, ''))"

# fastupdate off: no GIN pending list, so a fresh bulk import is searchable at full speed
# without waiting for VACUUM (the table is small and rarely written).
FORWARD = [
    f"ALTER TABLE cards_card ADD COLUMN search_vector tsvector GENERATED ALWAYS AS ({VECTOR}) STORED",
    f"ALTER TABLE cards_card ADD COLUMN search_names text GENERATED ALWAYS AS ({NAMES}) STORED",
    "CREATE INDEX cards_card_search_vector_gin ON cards_card USING gin (search_vector) WITH (fastupdate = off)",
    "CREATE INDEX cards_card_search_names_trgm ON cards_card USING gin (search_names gin_trgm_ops)"
    " WITH (fastupdate = off)",
    # icontains on PostgreSQL is UPPER(col) LIKE UPPER(%s) (autocomplete, name:): index exactly that.
    "CREATE INDEX cards_card_name_de_upper_trgm ON cards_card USING gin (UPPER(name_de) gin_trgm_ops)"
    " WITH (fastupdate = off)",
    "CREATE INDEX cards_card_name_en_upper_trgm ON cards_card USING gin (UPPER(name_en) gin_trgm_ops)"
    " WITH (fastupdate = off)",
]
BACKWARD = [
    "DROP INDEX IF EXISTS cards_card_name_en_upper_trgm",
    "DROP INDEX IF EXISTS cards_card_name_de_upper_trgm",
    "DROP INDEX IF EXISTS cards_card_search_names_trgm",
    "DROP INDEX IF EXISTS cards_card_search_vector_gin",
    "ALTER TABLE cards_card DROP COLUMN IF EXISTS search_names",
    "ALTER TABLE cards_card DROP COLUMN IF EXISTS search_vector",
]


def _run(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for sql in statements:
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("cards", "0002_games")]

    operations = [
        TrigramExtension(),
        migrations.RunPython(_run(FORWARD), _run(BACKWARD)),
    ]

from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations

# PostgreSQL only: GIN indexes for German full-text search and trigram typo tolerance.
# On SQLite these are no-ops (TrigramExtension already skips other databases).
FORWARD = [
    "CREATE INDEX IF NOT EXISTS rules_section_search_gin ON rules_section USING GIN (search_vector)",
    "CREATE INDEX IF NOT EXISTS rules_section_heading_trgm ON rules_section USING GIN (heading gin_trgm_ops)",
    "CREATE INDEX IF NOT EXISTS rules_term_term_trgm ON rules_glossaryterm USING GIN (term gin_trgm_ops)",
]
BACKWARD = [
    "DROP INDEX IF EXISTS rules_section_search_gin",
    "DROP INDEX IF EXISTS rules_section_heading_trgm",
    "DROP INDEX IF EXISTS rules_term_term_trgm",
]


def _run(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for statement in statements:
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]

    operations = [
        TrigramExtension(),
        migrations.RunPython(_run(FORWARD), _run(BACKWARD)),
    ]

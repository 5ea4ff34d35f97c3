"""PostgreSQL only: tell the planner that trigram word similarity (``<%``) is expensive.

With the default cost of 1 the planner evaluates ``<%`` row by row in a sequential scan
as soon as a query matches a few hundred cards (35 ms for "ring or ringe sp>=2"); priced
realistically it uses the GIN trigram index instead (6 ms). Altering an extension function
needs the owner's rights; without them the search still works, only slower.
"""

from django.db import migrations

FORWARD = """
DO $$
BEGIN
    ALTER FUNCTION word_similarity_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
    RAISE NOTICE 'word_similarity_op cost left unchanged: %', SQLERRM;
END
$$;
"""
BACKWARD = """
DO $$
BEGIN
    ALTER FUNCTION word_similarity_op(text, text) COST 1;
EXCEPTION WHEN insufficient_privilege OR undefined_function THEN
    NULL;
END
$$;
"""


def _run(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)  # no placeholders: RAISE uses a literal %

    return run


class Migration(migrations.Migration):
    dependencies = [("cards", "0003_search")]

    operations = [migrations.RunPython(_run(FORWARD), _run(BACKWARD))]

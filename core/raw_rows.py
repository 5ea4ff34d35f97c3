"""Model instances from hand-written SQL, for the few hot reads where compiling the ORM query costs more
than running it (the API token on every request, the seat and the INSERT of a submitted move, the resolve's
locked read).

The SQL is written once per process from the models' own meta (``columns``), so a renamed column or a new
field follows the model; ``instance`` turns a slice of the row back into what the ORM would have built
(JSON text decoded, fields not selected deferred). On PostgreSQL ``run`` sends it as a server-side
prepared statement, so the server parses and plans it once per connection, not on every request.
"""

from __future__ import annotations

import contextlib
import functools
import time

import psycopg
from django.db import connection, models


def fields_of(model, exclude: tuple[str, ...] = ()) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if f.name not in exclude]


def columns(fields: list[models.Field], alias: str) -> str:
    return ", ".join(f'{alias}."{f.column}"' for f in fields)


def instance(model, fields: list[models.Field], values) -> models.Model:
    """An instance from the raw values of ``fields`` (in that order), converted as the ORM converts them
    (the backend's converters, then the field's: JSON text decoded, SQLite's dates made aware); concrete
    fields not among them are deferred, as with ``.defer()``."""
    converted = []
    for (col, converters), value in zip(_converters(tuple(fields), connection.vendor), values, strict=True):
        for converter in converters:
            value = converter(value, col, connection)
        converted.append(value)
    return model.from_db(connection.alias, [f.attname for f in fields], converted)


@functools.cache
def _converters(fields: tuple[models.Field, ...], vendor: str) -> list[tuple]:
    """Per field: the column expression and the converters the ORM's compiler would apply to it."""
    found = []
    for field in fields:
        col = field.get_col(field.model._meta.db_table)
        found.append((col, connection.ops.get_db_converters(col) + col.get_db_converters(connection)))
    return found


def instances(row, *parts: tuple[type[models.Model], list[models.Field]]) -> tuple[list[models.Model], tuple]:
    """The row cut into consecutive ``(model, fields)`` parts, each built with ``instance``; the rest of the
    row (columns after the last part) second."""
    built, start = [], 0
    for model, fields in parts:
        built.append(instance(model, fields, row[start : start + len(fields)]))
        start += len(fields)
    return built, tuple(row[start:])


def insert(obj: models.Model) -> models.Model:
    """``obj`` inserted with one INSERT … RETURNING written once per model (its defaults and ``auto_now_add`` applied as
    ``save()`` applies them); no signals, so only for models that have no receivers. Raises the database's
    IntegrityError as ``save()`` would."""
    model = type(obj)
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    values = [f.get_db_prep_save(f.pre_save(obj, add=True), connection) for f in fields]
    with run(_insert_sql(model), values) as cursor:
        obj.pk = cursor.fetchone()[0]
    obj._state.adding, obj._state.db = False, connection.alias
    return obj


@functools.cache
def _insert_sql(model) -> str:
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    names = ", ".join(f'"{f.column}"' for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    return f'INSERT INTO "{model._meta.db_table}" ({names}) VALUES ({marks}) RETURNING "{model._meta.pk.column}"'  # noqa: S608 (identifiers from the model's meta)


@contextlib.contextmanager
def run(sql: str, params):
    """A cursor that has run ``sql`` with ``params`` on Django's connection.

    On PostgreSQL a server-side prepared statement (psycopg prepares it on first use per connection, then
    sends only the parameters; DB_PREPARED_STATEMENTS=false, for a transaction-mode pooler, turns that
    off and leaves a plain server-side bound statement). Planning these hot statements cost the server
    more than running them. The checks Django's own cursor makes come first (health check, broken
    transaction), errors come out as Django's database errors, and the statement is logged where Django
    logs queries (DEBUG, the tests' query counts). Elsewhere (SQLite) Django's own cursor.
    """
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            yield cursor
        return
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_no_broken_transaction()
    started = time.monotonic()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, prepare=True)
        if connection.queries_logged:
            connection.queries_log.append({"sql": sql, "time": f"{time.monotonic() - started:.3f}"})
        yield cursor

"""Schemathesis against the OpenAPI schema: every operation, anonymous and with a token.

Bounded (FUZZ_EXAMPLES examples per operation, default 10) so the whole suite stays quick; no
operation may answer 500 or contradict its documented response schema. (Schemathesis' own
pytest plugin does not run on pytest 9 yet, so the operations are driven through Hypothesis here.)
"""

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
CHECKS = [not_a_server_error, response_schema_conformance]


@pytest.fixture
def api_schema(settings):
    # Fuzzing is not abuse: lift the throttles so every example reaches the view.
    rates = dict.fromkeys(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"])
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}
    from django.core import signals
    from django.db import close_old_connections

    from config.wsgi import application

    # Called straight through WSGI, each request would close the test's connection (it is inside
    # the test transaction); Django's test client disconnects these handlers the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/", application)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def _fuzz(api_schema, headers) -> list[str]:
    failures = []
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) > 10  # the schema really lists the API

    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
        def run(case):
            case.call_and_validate(checks=CHECKS, headers=headers)

        try:
            run()
        except (Exception, BaseExceptionGroup) as exc:  # collect every operation's failure, then report them all
            failures.append(f"{operation.label}: {str(exc)[:1500]}")
    return failures


def test_api_anonymous(api_schema):
    failures = _fuzz(api_schema, {})
    assert not failures, "\n\n".join(failures)


def test_api_with_token(api_schema, django_user_model):
    from core import services

    user = django_user_model.objects.create_user("fuzzer", "fuzz@bruchtal.example", "Fuzz-Passwort-2026")
    token = services.issue_token(user)[0]
    failures = _fuzz(api_schema, {"Authorization": f"Token {token}"})
    assert not failures, "\n\n".join(failures)

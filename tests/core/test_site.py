import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_home_is_german_with_navigation_and_acknowledgement(client):
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert '<html lang="de">' in body
    for label in ("Karten", "Regeln", "Decks", "Partien"):
        assert f">{label}</a>" in body
    assert "Council of Elrond" in body


def test_english_is_available_by_choice_not_by_browser(client):
    # An English browser still gets the German site ...
    response = client.get("/", headers={"accept-language": "en-US,en;q=0.9"})
    assert '<html lang="de">' in response.content.decode()
    # ... until the visitor picks English in the footer.
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert '<html lang="en">' in client.get("/").content.decode()


def test_healthz_reports_database_and_broker(client, moves_worker_heartbeat):
    response = client.get("/healthz")
    assert response.status_code == 200
    data = response.json()
    assert data["status"] == "ok"
    assert data["database"]["ok"] is True
    assert data["broker"]["ok"] is True


def test_healthz_reports_unreachable_broker(client, settings):
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"]["ok"] is False


def test_api_schema_and_docs_are_served_locally(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "drf_spectacular_sidecar/swagger-ui-dist" in html
    assert "cdn." not in html and "unpkg" not in html
    asset = client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    assert asset.status_code == 200


def test_stylesheet_is_served(client):
    response = client.get("/static/css/bruchtal.css")
    assert response.status_code == 200


def test_admin_is_closed_to_ordinary_users(client, django_user_model):
    user = django_user_model.objects.create_user("gollum", "g@example.org", "Mein-Schatz-123")
    client.force_login(user)
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_check_deploy_is_clean_with_production_settings():
    import subprocess
    import sys

    env = {
        "DEBUG": "false",
        "SECRET_KEY": "x" * 30 + "-production-secret-key-with-enough-entropy-123456",
        "ALLOWED_HOSTS": "bruchtal.example",
        "SECURE_SSL_REDIRECT": "true",
        "SECURE_HSTS_SECONDS": "31536000",
        "STATIC_MANIFEST": "true",
        "PATH": "/usr/bin:/bin",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_import_content_rejects_missing_folder(settings, tmp_path):
    from django.core.management.base import CommandError

    settings.BRUCHTAL_CONTENT_DIR = tmp_path / "gibt-es-nicht"
    with pytest.raises(CommandError, match="Inhaltsordner nicht gefunden"):
        call_command("import_content")


def test_api_filter_out_of_range_is_a_400_not_a_500(client):
    response = client.get("/api/rules/sections/?parent=-6.6e%2B98&depth=2209")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert "parent" in error["details"]


def test_database_overflow_becomes_a_german_400():
    from config.api_errors import exception_handler

    response = exception_handler(OverflowError("Python int too large to convert to SQLite INTEGER"), {})
    assert response.status_code == 400
    assert response.data["error"]["code"] == "invalid_value"
    assert "außerhalb des gültigen Bereichs" in response.data["error"]["message"]


@pytest.mark.parametrize(
    ("exc", "message"),
    [
        # No reason given (permission classes, Django's PermissionDenied): the generic German text.
        ("drf_plain", "Dazu fehlt dir die Berechtigung."),
        ("django_plain", "Dazu fehlt dir die Berechtigung."),
        # The view's own German reason reaches the client.
        ("drf_reason", "Nur der Besitzer darf dieses Deck ändern."),
        # DRF's English CSRF text does not.
        ("csrf", "Die Anfrage wurde abgelehnt: Das CSRF-Token fehlt oder ist ungültig."),
    ],
)
def test_permission_denied_keeps_a_specific_reason(exc, message):
    from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
    from rest_framework import exceptions

    from config.api_errors import exception_handler

    exc = {
        "drf_plain": exceptions.PermissionDenied(),
        "django_plain": DjangoPermissionDenied(),
        "drf_reason": exceptions.PermissionDenied("Nur der Besitzer darf dieses Deck ändern."),
        "csrf": exceptions.PermissionDenied("CSRF Failed: CSRF token missing."),
    }[exc]
    response = exception_handler(exc, {})
    assert response.status_code == 403
    assert response.data["error"] == {"code": "permission_denied", "message": message, "details": {}}

"""German error pages in the layout; the API answers the same errors as JSON."""

import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import HttpResponse
from django.test import Client
from django.urls import include, path

pytestmark = pytest.mark.django_db


def _boom(request):
    raise RuntimeError("kaputt")


def _forbidden(request):
    raise PermissionDenied


def _suspicious(request):
    raise SuspiciousOperation("bad")


def _upload(request):
    request.POST  # noqa: B018 - reading the body enforces DATA_UPLOAD_MAX_MEMORY_SIZE
    return HttpResponse("ok")


urlpatterns = [
    path("", include("config.urls")),
    path("test/boom/", _boom),
    path("test/verboten/", _forbidden),
    path("test/kaputt/", _suspicious),
    path("test/upload/", _upload),
    path("api/test/boom/", _boom),
    path("api/test/upload/", _upload),
]
handler400 = "core.errors.bad_request"
handler403 = "core.errors.permission_denied"
handler404 = "core.errors.page_not_found"
handler500 = "core.errors.server_error"


@pytest.fixture
def loud_client():
    return Client(raise_request_exception=False)


def test_404_page_is_german_in_the_layout(client):
    response = client.get("/gibt-es-nicht/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "<h1>Seite nicht gefunden</h1>" in html
    assert 'class="site-header"' in html and 'href="/impressum/"' in html


def test_api_404_is_json(client):
    response = client.get("/api/gibt-es-nicht/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"error": {"code": "not_found", "message": "Nicht gefunden.", "details": {}}}


@pytest.mark.urls("tests.core.test_error_pages")
def test_500_403_400_pages(loud_client):
    response = loud_client.get("/test/boom/")
    assert response.status_code == 500 and "<h1>Serverfehler</h1>" in response.content.decode()
    api = loud_client.get("/api/test/boom/")
    assert api.status_code == 500 and api.json()["error"]["code"] == "server_error"
    forbidden = loud_client.get("/test/verboten/")
    assert forbidden.status_code == 403 and "<h1>Zugriff verweigert</h1>" in forbidden.content.decode()
    bad = loud_client.get("/test/kaputt/")
    assert bad.status_code == 400 and "<h1>Fehlerhafte Anfrage</h1>" in bad.content.decode()


@pytest.mark.urls("tests.core.test_error_pages")
def test_request_too_large(loud_client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    response = loud_client.post("/test/upload/", {"text": "x" * 500})
    assert response.status_code == 413 and "<h1>Anfrage zu groß</h1>" in response.content.decode()
    api = loud_client.post("/api/test/upload/", {"text": "x" * 500})
    assert api.status_code == 413 and api.json()["error"]["code"] == "request_too_large"


def test_csrf_failure_is_german():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/konto/anmelden/", {"username": "a", "password": "b"})
    assert response.status_code == 403
    assert "<h1>Formular abgelaufen</h1>" in response.content.decode()


def test_impressum_and_privacy_placeholders_and_settings(client, settings):
    settings.SITE_OPERATOR_NAME = ""
    html = client.get("/impressum/").content.decode()
    assert "Platzhalter:" in html and "SITE_OPERATOR_NAME" in html
    settings.SITE_OPERATOR_NAME = "Erika Muster"
    settings.SITE_OPERATOR_ADDRESS = "Bruchtalweg 1|12345 Imladris"
    settings.SITE_OPERATOR_EMAIL = "kontakt@bruchtal.example"
    html = client.get("/impressum/").content.decode()
    assert "Platzhalter" not in html
    assert "Erika Muster<br>" in html and "12345 Imladris<br>" in html and "mailto:kontakt@bruchtal.example" in html
    privacy = client.get("/datenschutz/").content.decode()
    assert "Datenschutzerklärung" in privacy and "Erika Muster" in privacy
    assert "werden von" not in privacy  # no third-party scans configured
    settings.CARD_SCAN_BASE_URL = "https://scans.example/x"
    assert "scans.example" in client.get("/datenschutz/").content.decode()


def test_footer_links_and_favicon(client):
    html = client.get("/").content.decode()
    for href in ('href="/impressum/"', 'href="/datenschutz/"', 'href="/api/docs/"', "favicon.svg"):
        assert href in html
    assert client.get("/favicon.ico").status_code == 301
    assert client.get("/static/favicon.svg").status_code == 200

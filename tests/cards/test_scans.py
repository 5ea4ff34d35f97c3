"""Card scans: off by default, a base URL, and the mirror command against a local HTTP server."""

import http.server
import threading

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from cards.models import Card

pytestmark = pytest.mark.django_db
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


@pytest.fixture(autouse=True)
def _cards(meccg_cards):
    """Every test here reads the session's MECCG import."""


@pytest.fixture
def scan_server():
    """A local HTTP server on a random port: /as/<image> is a PNG for AS cards, anything else 404."""
    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            requests.append(self.path)
            if self.path.startswith("/as/"):
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.end_headers()
                self.wfile.write(PNG)
            elif self.path.startswith("/html/"):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(b"<html></html>")
            else:
                self.send_error(404)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", requests
    server.shutdown()
    server.server_close()


def test_default_shows_only_the_generated_face(client, settings):
    settings.CARD_SCAN_BASE_URL = ""
    html = client.get(reverse("cards:detail", args=["AS-140"])).content.decode()
    assert 'src="/karten/AS-140/bild.svg"' in html
    assert "cdn.jsdelivr" not in html and "data-fallback" not in html


def test_base_url_shows_the_scan_with_the_face_as_fallback(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.CARD_SCAN_BASE_URL = "https://scans.example/en-remaster/"
    html = client.get(reverse("cards:detail", args=["AS-140"])).content.decode()
    assert 'src="https://scans.example/en-remaster/as/NurniagCamp.jpg"' in html
    assert 'data-fallback="/karten/AS-140/bild.svg"' in html and 'loading="lazy"' in html


def test_mirror_command_copies_scans_and_the_site_serves_them(client, settings, tmp_path, scan_server, capsys):
    base, requests = scan_server
    settings.MEDIA_ROOT = tmp_path
    settings.CARD_SCAN_BASE_URL = ""
    call_command("mirror_card_scans", base_url=base, set_code="AS", limit=3)
    codes = list(Card.objects.filter(card_set__code="AS").exclude(image="").order_by("code")[:3])
    for card in codes:
        assert (tmp_path / "karten" / "as" / card.image).read_bytes() == PNG
    assert len(requests) == 3
    assert "3 kopiert" in capsys.readouterr().out
    # a second run skips what is there
    call_command("mirror_card_scans", base_url=base, set_code="AS", limit=3)
    assert len(requests) == 3
    # the card page now shows the local copy, served by the site
    card = codes[0]
    html = client.get(card.get_absolute_url()).content.decode()
    local = reverse("cards:scan", args=["as", card.image])
    assert f'src="{local}"' in html
    response = client.get(local)
    assert response.status_code == 200 and b"".join(response.streaming_content) == PNG


def test_mirror_command_reports_failures(settings, tmp_path, scan_server):
    base, _requests = scan_server
    settings.MEDIA_ROOT = tmp_path
    with pytest.raises(CommandError, match="konnten nicht geladen werden"):
        call_command("mirror_card_scans", base_url=base, set_code="TW", limit=2)  # the server has no /tw/
    with pytest.raises(CommandError, match="konnten nicht geladen werden"):
        call_command("mirror_card_scans", base_url=base + "/html", set_code="AS", limit=1)  # not an image
    assert not list(tmp_path.rglob("*.jpg"))
    with pytest.raises(CommandError, match="Keine Quelle"):
        settings.CARD_SCAN_BASE_URL = ""
        call_command("mirror_card_scans")


def test_scan_view_refuses_paths_outside_the_mirror(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    (tmp_path / "secret.jpg").write_bytes(b"x")
    assert client.get("/karten/scan/as/..%2Fsecret.jpg").status_code == 404
    assert client.get("/karten/scan/..%2F..%2F/secret.jpg").status_code == 404
    assert client.get("/karten/scan/as/missing.jpg").status_code == 404

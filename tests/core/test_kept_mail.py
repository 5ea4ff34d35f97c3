"""Mail goes out on one kept connection per process (core/kept_mail.py), against a real SMTP server."""

import smtplib

import pytest

from bench.smtp_sink import SmtpSink
from core import kept_mail


@pytest.fixture
def sink(settings):
    sink = SmtpSink()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", sink.port, 5
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    kept_mail.close()
    yield sink
    kept_mail.close()
    sink.close()


def _send(n: int, to: str = "frodo@auenland.example") -> None:
    kept_mail.send_mail(f"Du bist am Zug ({n})", "Die Partie wartet.", [to])


def test_mails_share_one_connection(sink):
    for n in range(3):
        _send(n)
    assert sink.recipients() == ["frodo@auenland.example"] * 3
    assert sink.connections == 1


def test_a_connection_the_server_dropped_is_replaced_and_the_mail_still_goes(sink):
    _send(1)
    kept_mail._local.backend.connection.close()  # as if the server had hung up on the idle client
    _send(2)
    assert len(sink.recipients()) == 2
    assert sink.connections == 2


def test_an_idle_connection_is_not_reused(sink, monkeypatch):
    monkeypatch.setattr(kept_mail, "IDLE_SECONDS", -1.0)
    _send(1)
    _send(2)
    assert sink.connections == 2


def test_a_refused_address_raises_and_the_next_mail_starts_afresh(sink):
    sink.refuse_to = {"gollum@nebelgebirge.example"}
    _send(1)
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        _send(2, to="gollum@nebelgebirge.example")
    _send(3)
    assert sink.recipients() == ["frodo@auenland.example"] * 2
    assert sink.connections == 2


def test_a_server_that_is_down_raises_for_the_outbox_to_retry(sink):
    sink.mode = "refuse"
    with pytest.raises(smtplib.SMTPRecipientsRefused):
        _send(1)
    assert kept_mail._local.backend is None


def test_a_kept_connection_does_not_outlive_a_change_of_mail_settings(sink, settings, mailoutbox):
    _send(1)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    _send(2)
    assert sink.recipients() == ["frodo@auenland.example"]
    assert [m.subject for m in mailoutbox] == ["Du bist am Zug (2)"]

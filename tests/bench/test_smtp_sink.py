"""The SMTP sink the fault tests use: it keeps mail, and it starts where an event loop already runs in the
calling thread (Playwright's sync API leaves one running in a test process; the sink once failed there)."""

import asyncio
import smtplib
import threading

from bench.smtp_sink import SmtpSink


def _send(port: int, to: str) -> None:
    with smtplib.SMTP("127.0.0.1", port, timeout=5) as client:
        client.sendmail("spiel@bruchtal.test", [to], "Subject: Zug\r\n\r\nDu bist am Zug.")


def test_the_sink_keeps_a_mail_and_refuses_a_named_address():
    sink = SmtpSink(refuse_to=["weg@bruchtal.test"])
    try:
        _send(sink.port, "Ada@Bruchtal.test")
        try:
            _send(sink.port, "weg@bruchtal.test")
        except smtplib.SMTPRecipientsRefused as refused:
            assert refused.recipients["weg@bruchtal.test"][0] == 550
        else:
            raise AssertionError("the refused address was accepted")
        assert sink.recipients() == ["ada@bruchtal.test"]
        assert sink.connections == 2
    finally:
        sink.close()


def test_the_sink_starts_while_the_calling_thread_runs_an_event_loop():
    async def inside_a_running_loop() -> list[str]:
        sink = SmtpSink()
        try:
            await asyncio.to_thread(_send, sink.port, "bob@bruchtal.test")
            return sink.recipients()
        finally:
            sink.close()

    # In a thread of its own: the test process's main thread may already run a loop (asyncio.run refuses there).
    found = []
    runner = threading.Thread(target=lambda: found.append(asyncio.run(inside_a_running_loop())))
    runner.start()
    runner.join(20)
    assert found == [["bob@bruchtal.test"]]

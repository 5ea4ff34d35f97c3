"""A local SMTP sink for the bench and the fault tests (loopback only, no TLS, no auth), on aiosmtpd.

``SmtpSink(mode=...)`` listens on 127.0.0.1 in a thread of its own:

- ``"accept"``: every mail is kept in ``messages`` (recipient, raw text);
- ``"hang"``: accepts the connection and never answers (a hung mail server);
- ``"refuse"``: answers every RCPT with 451 (a mail server that is down for a while).

``refuse_to`` names recipients refused with 550 in any mode (one bad address). ``mode`` can be changed
while it runs; it applies to connections opened afterwards (``"hang"``) or to the next RCPT (``"refuse"``).
"""

from __future__ import annotations

import asyncio
import socket
import threading

from aiosmtpd.smtp import SMTP, Envelope, Session


class _Silent(asyncio.Protocol):
    """A connection that is accepted and never answered: no greeting, everything read is dropped."""

    def data_received(self, data: bytes) -> None:
        pass


class _Handler:
    def __init__(self, sink: SmtpSink):
        self.sink = sink

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope, address: str, options) -> str:
        address = address.lower()
        if address in self.sink.refuse_to:
            return "550 no such user"
        if self.sink.mode == "refuse":
            return "451 try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        text = envelope.content.decode("utf-8", "replace")
        with self.sink.lock:
            self.sink.messages.extend((address, text) for address in envelope.rcpt_tos)
        return "250 OK queued"


class SmtpSink:
    def __init__(self, mode: str = "accept", port: int = 0, refuse_to=()):
        self.mode = mode
        self.refuse_to = {a.lower() for a in refuse_to}
        self.messages: list[tuple[str, str]] = []
        self.connections = 0  # accepted so far (a client that keeps its connection opens one)
        self.lock = threading.Lock()
        self._handler = _Handler(self)
        self._loop = asyncio.new_event_loop()
        # Bound here, before the thread starts: the port is known (and taken) when the constructor returns.
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", port))
        self.port = sock.getsockname()[1]
        # The server starts inside the sink's own thread: the caller's thread may already run an event loop
        # (Playwright's sync API leaves one running in a test process), where run_until_complete would fail.
        started = threading.Event()
        self.thread = threading.Thread(target=self._serve, args=(sock, started), name="smtp-sink", daemon=True)
        self.thread.start()
        if not started.wait(10):
            raise RuntimeError("the SMTP sink did not start")

    def _serve(self, sock: socket.socket, started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(self._loop.create_server(self._protocol, sock=sock))
        started.set()
        self._loop.run_forever()

    def _protocol(self) -> asyncio.Protocol:
        with self.lock:
            self.connections += 1
        if self.mode == "hang":
            return _Silent()
        # A fixed hostname: aiosmtpd would otherwise ask the resolver for this machine's name on every connection.
        return SMTP(self._handler, hostname="bruchtal-sink", ident="bruchtal-sink ESMTP", loop=self._loop)

    @property
    def url(self) -> str:
        """For EMAIL_URL (django-environ): plain SMTP on loopback."""
        return f"smtp://127.0.0.1:{self.port}"

    def recipients(self) -> list[str]:
        with self.lock:
            return [address for address, _text in self.messages]

    def close(self) -> None:
        async def stop() -> None:
            self._server.close()
            self._loop.stop()

        asyncio.run_coroutine_threadsafe(stop(), self._loop)
        self.thread.join(10)
        if not self._loop.is_running():
            self._loop.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]

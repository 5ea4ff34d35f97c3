"""A local SMTP sink for the bench and the fault tests (loopback only, no TLS, no auth).

``SmtpSink(mode=...)`` listens on 127.0.0.1 and speaks just enough SMTP for Django's SMTP backend:

- ``"accept"``: every mail is kept in ``messages`` (recipient, raw text);
- ``"hang"``: accepts the connection and never answers (a hung mail server);
- ``"refuse"``: answers every RCPT with 451 (a mail server that is down for a while).

``refuse_to`` names recipients refused with 550 in any mode (one bad address). ``mode`` can be changed
while it runs.
"""

from __future__ import annotations

import contextlib
import socket
import socketserver
import threading


class _Handler(socketserver.StreamRequestHandler):
    timeout = 60

    def reply(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")
        self.wfile.flush()

    def handle(self):
        sink: SmtpSink = self.server.sink
        with sink.lock:
            sink.connections += 1
        if sink.mode == "hang":
            with contextlib.suppress(OSError):
                self.rfile.read()  # until the client gives up and closes
            return
        self.reply("220 bruchtal-sink ESMTP")
        recipients: list[str] = []
        while True:
            try:
                raw = self.rfile.readline()
            except OSError:
                return
            if not raw:
                return
            command = raw.decode("latin-1").strip()
            verb = command[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 bruchtal-sink")
            elif verb == "MAIL":
                recipients = []
                self.reply("250 OK")
            elif verb == "RCPT":
                address = command.split(":", 1)[1].strip().strip("<>").lower()
                if address in sink.refuse_to:
                    self.reply("550 no such user")
                elif sink.mode == "refuse":
                    self.reply("451 try again later")
                else:
                    recipients.append(address)
                    self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 end with <CRLF>.<CRLF>")
                lines = []
                while (line := self.rfile.readline()) not in (b".\r\n", b".\n", b""):
                    lines.append(line)
                with sink.lock:
                    for address in recipients:
                        sink.messages.append((address, b"".join(lines).decode("utf-8", "replace")))
                self.reply("250 OK queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:  # RSET, NOOP and anything else
                self.reply("250 OK")


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


class SmtpSink:
    def __init__(self, mode: str = "accept", port: int = 0, refuse_to=()):
        self.mode = mode
        self.refuse_to = {a.lower() for a in refuse_to}
        self.messages: list[tuple[str, str]] = []
        self.connections = 0  # accepted so far (a client that keeps its connection opens one)
        self.lock = threading.Lock()
        self.server = _Server(("127.0.0.1", port), _Handler)
        self.server.sink = self
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, name="smtp-sink", daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        """For EMAIL_URL (django-environ): plain SMTP on loopback."""
        return f"smtp://127.0.0.1:{self.port}"

    def recipients(self) -> list[str]:
        with self.lock:
            return [address for address, _text in self.messages]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]

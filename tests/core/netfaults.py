"""Network faults on loopback for tests: a TCP proxy that can go down and up, and a black hole."""

import contextlib
import socket
import threading


def _listener(port: int = 0) -> socket.socket:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", port))
    server.listen(64)
    return server


class Blackhole:
    """Accepts TCP connections and never says a word (a hung database or broker)."""

    def __init__(self):
        self.server = _listener()
        self.port = self.server.getsockname()[1]
        self.conns: list[socket.socket] = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while True:
            try:
                conn, _addr = self.server.accept()
            except OSError:
                return
            self.conns.append(conn)

    def close(self):
        self.server.close()
        for conn in self.conns:
            with contextlib.suppress(OSError):
                conn.close()


class TcpProxy:
    """Forwards 127.0.0.1:port to a target; down() refuses and cuts every connection, up() resumes."""

    def __init__(self, target_host: str, target_port: int):
        self.target = (target_host, target_port)
        self.server = _listener()
        self.port = self.server.getsockname()[1]
        self.conns: list[socket.socket] = []
        self.lock = threading.Lock()
        self.is_down = False
        self._serve()

    def _serve(self):
        threading.Thread(target=self._accept, args=(self.server,), daemon=True).start()

    def _accept(self, server):
        while True:
            try:
                client, _addr = server.accept()
            except OSError:
                return
            if self.is_down or server is not self.server:  # accepted just as it went down
                client.close()
                return
            try:
                upstream = socket.create_connection(self.target, timeout=2)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self.lock:
                self.conns += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()

    @staticmethod
    def _pump(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def down(self):
        self.is_down = True
        # shutdown() wakes the thread blocked in accept(); close() alone would leave it accepting.
        with contextlib.suppress(OSError):
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()
        with self.lock:
            for conn in self.conns:
                with contextlib.suppress(OSError):
                    conn.shutdown(socket.SHUT_RDWR)
                    conn.close()
            self.conns.clear()

    def up(self):
        self.is_down = False
        self.server = _listener(self.port)
        self._serve()

    def close(self):
        self.down()

"""A small asyncio HTTP/1.1 load generator for `manage.py bench_load` (loopback only).

Each of `concurrency` clients sends its request, waits for the whole answer, and sends the next,
for `duration` seconds. Gunicorn's sync workers close the connection after each answer, so a
client reconnects whenever the server says `Connection: close`.
"""

import asyncio
import statistics
import time
from dataclasses import dataclass, field


@dataclass
class Scenario:
    label: str
    method: str
    path: str
    body: bytes = b""
    content_type: str = "application/json"
    headers: tuple[tuple[str, str], ...] = ()  # e.g. (("Authorization", "Bearer …"),) for a player's request


@dataclass
class Result:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    elapsed: float = 0.0

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def percentile(self, p: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies) if self.latencies else float("nan")


def _request_bytes(scenario: Scenario, host: str, port: int) -> bytes:
    lines = [
        f"{scenario.method} {scenario.path} HTTP/1.1",
        f"Host: {host}:{port}",
        "Accept: application/json",
        "User-Agent: bruchtal-bench",
        # As the TLS-terminating proxy would say: no 301 under SECURE_SSL_REDIRECT (SECURE_PROXY_SSL_HEADER).
        "X-Forwarded-Proto: https",
    ]
    lines += [f"{name}: {value}" for name, value in scenario.headers]
    if scenario.body:
        lines += [f"Content-Type: {scenario.content_type}", f"Content-Length: {len(scenario.body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + scenario.body


async def _read_response(reader) -> tuple[int, bool]:
    head = await reader.readuntil(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    status = int(status_line.split()[1])
    headers = {}
    for line in header_lines:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    if "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip().split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    else:
        await reader.read()
        return status, True
    return status, headers.get("connection", "").lower() == "close"


async def _client(scenario, host, port, deadline, result: Result):
    payload = _request_bytes(scenario, host, port)
    reader = writer = None
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection(host, port)
            writer.write(payload)
            await writer.drain()
            status, close = await asyncio.wait_for(_read_response(reader), timeout=30)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
            result.errors += 1
            if writer is not None:
                writer.close()
            reader = writer = None
            continue
        result.latencies.append((time.perf_counter() - start) * 1000)
        result.statuses[status] = result.statuses.get(status, 0) + 1
        if status >= 500:
            result.errors += 1
        if close:
            writer.close()
            reader = writer = None
    if writer is not None:
        writer.close()


async def _run(scenario, host, port, concurrency, duration) -> Result:
    result = Result()
    start = time.perf_counter()
    deadline = start + duration
    await asyncio.gather(*(_client(scenario, host, port, deadline, result) for _ in range(concurrency)))
    result.elapsed = time.perf_counter() - start
    return result


def run(scenario: Scenario, host: str, port: int, concurrency: int, duration: float) -> Result:
    if not host.startswith("127.") and host not in ("localhost", "::1"):
        raise ValueError("the load generator only targets loopback addresses")
    return asyncio.run(_run(scenario, host, port, concurrency, duration))

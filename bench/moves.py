"""Play by post in the deployment shape, measured (``make bench``; alone: ``manage.py bench_moves``).

What runs, on loopback, as the operations note (docs/play-by-post.md) deploys it:

- gunicorn (``--workers``, sync) with DEBUG off, on the configured database and broker;
- one moves worker: ``celery worker -P prefork -c 2 -Q <moves>``;
- one mail worker on the default queue (prefork, 2), sending real SMTP to a local sink (bench/smtp_sink.py);
- users with e-mail addresses, two per match, Die Zwei Türme moves (the engine's own default action,
  computed here from the stored state), submitted through ``POST /api/matches/<id>/moves/`` with a token.

Every match moves at once: as soon as its last move is applied, its next one is sent. Printed: submit→applied
(the move row's created_at → resolved_at, i.e. server side), the POST's round trip as the client sees it,
the resolve task's own run time (from the worker's log), moves per second, the mails the sink received,
each latency also as a multiple of a ``SELECT 1`` round trip and of a ``/healthz`` request from the same
run, and the machine's load average. Queues are fresh per run; everything it creates is deleted.
"""

from __future__ import annotations

import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from core import services as core_services
from matches import services
from matches.engine import registry
from matches.models import Match, Move, MoveStatus

from .resolve import percentile, select_one_ms
from .smtp_sink import SmtpSink, free_port

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "zwei-tuerme"
QUIET = ["--without-mingle", "--without-gossip"]
_SUCCEEDED = re.compile(r"Task matches\.tasks\.resolve_move\[[^\]]+\] succeeded in ([0-9.eE-]+)s")


def _get(url: str, timeout: float = 10) -> int:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:  # noqa: S310 (loopback, our own server)
            response.read()
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


_TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")
# The deployment's CPU priorities (README): moves first, then the web, then mail.
WEB_NICE, MAIL_NICE = 5, 10


def session_nice(pid: int, nice: int) -> int | None:
    """Give the session (process group) of ``pid`` the CPU priority ``nice``; returns the one it had.

    Where the kernel shares the CPU per session (autogroup, /proc/sys/kernel/sched_autogroup_enabled),
    ``nice`` only ranks processes within their own session: a mail worker started with ``nice -n 10`` in a
    session of its own got as much CPU as the moves worker. The session's own nice value
    (``/proc/<pid>/autogroup``) ranks the sessions. None where there is no such file (nothing to do)."""
    path = Path(f"/proc/{pid}/autogroup")
    try:
        before = int(path.read_text().split()[-1])
        path.write_text(str(nice))
    except (OSError, ValueError):
        return None
    return before


def _cpu_ms_by_group(groups: dict[str, int]) -> dict[str, float]:
    """CPU ms (user + system, with reaped children) of each process group, and of PostgreSQL and Redis.

    ``groups`` maps a name to a process-group id (each spawned part runs in its own session); every
    ``postgres`` and ``redis-server`` process counts for those two, whoever started it.
    """
    totals = dict.fromkeys([*groups, "PostgreSQL", "Redis"], 0.0)
    by_pgid = {pgid: name for name, pgid in groups.items()}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended meanwhile
        command = text[text.index("(") + 1 : text.rindex(")")]
        fields = text[text.rindex(")") + 2 :].split()
        # fields[2] is pgrp; utime, stime, cutime, cstime are fields[11:15] (proc(5), counted after the name)
        ticks = sum(int(value) for value in fields[11:15])
        name = by_pgid.get(int(fields[2]))
        if name is None and command.startswith("postgres"):
            name = "PostgreSQL"
        elif name is None and command.startswith("redis-server"):
            name = "Redis"
        if name is not None:
            totals[name] += ticks * _TICK_MS
    return totals


def _healthz_ms(base: str, rounds: int = 40) -> tuple[float, int]:
    timings, status = [], 0
    for _ in range(rounds):
        start = time.perf_counter()
        status = _get(f"{base}/healthz")
        timings.append((time.perf_counter() - start) * 1000)
    return statistics.median(timings), status


class Deployment:
    """gunicorn + moves worker + mail worker + SMTP sink, on fresh queues; stop() ends them all."""

    def __init__(
        self, gunicorn_workers: int, moves_concurrency: int, web_nice: int = WEB_NICE, mail_nice: int = MAIL_NICE
    ):
        self.tag = uuid.uuid4().hex[:8]
        self.moves_queue, self.mail_queue = f"bench-moves-{self.tag}", f"bench-mail-{self.tag}"
        self.sink = SmtpSink()
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = Path(tempfile.mkdtemp(prefix="bruchtal-bench-")) / "moves-worker.log"
        self.env = {
            **os.environ,
            "DEBUG": "false",
            "EMAIL_URL": self.sink.url,
            "MOVES_QUEUE": self.moves_queue,
            "CELERY_DEFAULT_QUEUE": self.mail_queue,
            # the limits would answer most of this load with 429: measure the work, not the limit
            "THROTTLE_MATCH_MOVE": "1000000/minute",
            "THROTTLE_ANON_WRITE": "1000000/minute",
            # the bench's players move every few milliseconds, so all are "active" and quiet mail (issue 33)
            # would send none: measure the mail path as before, one turn mail per move
            "MAIL_AWAY_MINUTES": "0",
        }
        self.processes: list[subprocess.Popen] = []
        celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "-P", "prefork", *QUIET]
        with open(self.log, "wb") as log:
            self._spawn([*celery, "-c", str(moves_concurrency), "-Q", self.moves_queue, "-l", "info"], log)
        # as the README deploys it: mail at a lower CPU priority than moves (mail may wait seconds, a move not)
        self._spawn(
            ["nice", "-n", str(mail_nice), *celery, "-c", "2", "-Q", self.mail_queue, "-l", "warning"],
            subprocess.DEVNULL,
        )
        session_nice(self.processes[-1].pid, mail_nice)
        web = [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", str(gunicorn_workers)]
        web += ["-b", f"127.0.0.1:{self.port}", "--log-level", "warning"]
        self._spawn(["nice", "-n", str(web_nice), *web], subprocess.DEVNULL)
        session_nice(self.processes[-1].pid, web_nice)

    def groups(self) -> dict[str, int]:
        """Each part's process group (its leader's pid: every part starts a session of its own)."""
        return dict(zip(("Züge-Worker", "Mail-Worker", "gunicorn"), (p.pid for p in self.processes), strict=True))

    def _spawn(self, command, output) -> None:
        self.processes.append(
            subprocess.Popen(  # noqa: S603 (our own interpreter and fixed arguments)
                command, cwd=ROOT, env=self.env, stdout=output, stderr=output, start_new_session=True
            )
        )

    def wait_ready(self, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if _get(f"{self.base}/livez", 2) == 200:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise RuntimeError("gunicorn ist nicht innerhalb von 90 s gestartet")

    def resolve_times_ms(self) -> list[float]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [float(found) * 1000 for found in _SUCCEEDED.findall(text)]

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
        self.sink.close()


def _new_match(users) -> Match:
    """A running Zwei Türme match of these two users (invited, accepted, started)."""
    frodo, sam = users
    match = services.create_match(frodo, engine=ENGINE, players=2, invite=[sam.username])
    services.accept_invitation(match, sam)
    services.start(match, frodo)
    return match


class Table:
    """One Zwei Türme match with two players (with e-mail) and their API tokens."""

    def __init__(self, users, tokens):
        match = _new_match(users)
        self.match_id = match.pk
        self.token_of = {}
        for seat in match.seats.all():
            self.token_of[seat.order] = tokens[seat.user_id]
        self.moves = 0


def _post_move(base: str, table: Table, turn: int, action: dict, version: int) -> tuple[int, float, int | None]:
    body = json.dumps({"action": action, "version": version}).encode()
    request = urllib.request.Request(  # noqa: S310 (loopback)
        f"{base}/api/matches/{table.match_id}/moves/",
        data=body,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Token {table.token_of[turn]}",
            "X-Forwarded-Proto": "https",  # as behind the TLS proxy: no 301 under SECURE_SSL_REDIRECT
        },
    )
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310
            answer = json.loads(response.read())
            status = response.status
    except urllib.error.HTTPError as exc:
        return exc.code, (time.perf_counter() - start) * 1000, None
    return status, (time.perf_counter() - start) * 1000, answer.get("id")


def _run_load(deployment: Deployment, tables: list[Table], moves_each: int) -> dict:
    """Every table moves at once; a table's next move goes out when its last one is applied."""
    engine = registry.get(ENGINE)
    pool = ThreadPoolExecutor(max_workers=min(32, len(tables)))
    by_id = {t.match_id: t for t in tables}
    ready = set(by_id)
    in_flight: dict = {}  # future -> table
    pending: dict[int, Table] = {}  # move id -> table
    sent, post_ms, errors, move_ids = 0, [], Counter(), []
    started = time.perf_counter()
    while ready or in_flight or pending:
        if ready:
            for match in Match.objects.filter(pk__in=list(ready)).only("pk", "state", "version", "status"):
                table = by_id[match.pk]
                ready.discard(match.pk)
                if match.status != "running" or table.moves >= moves_each:
                    continue
                turn = engine.current_seats(match.state)[0]
                action = engine.default_action(match.state, turn)
                future = pool.submit(_post_move, deployment.base, table, turn, action, match.version)
                in_flight[future] = table
                sent += 1
        for future in [f for f in in_flight if f.done()]:
            table = in_flight.pop(future)
            status, elapsed, move_id = future.result()
            post_ms.append(elapsed)
            if status != 202 or move_id is None:
                errors[status] += 1
                continue
            pending[move_id] = table
            move_ids.append(move_id)
        if pending:
            for move_id in _resolved(list(pending)):
                table = pending.pop(move_id)
                table.moves += 1
                ready.add(table.match_id)
        # A few ms between polls: the client shares the two cores with the site it measures; polling
        # every millisecond cost the workers a good part of one core.
        time.sleep(0.004)
    wall = time.perf_counter() - started
    pool.shutdown()
    rows = list(Move.objects.filter(pk__in=move_ids).values_list("status", "created_at", "resolved_at"))
    latencies = [(done - created).total_seconds() * 1000 for _s, created, done in rows if done]
    applied = sum(1 for status, _c, _d in rows if status == MoveStatus.APPLIED)
    return {
        "latencies": latencies,
        "post_ms": post_ms,
        "applied": applied,
        "moves": len(rows),
        "wall": wall,
        "errors": dict(errors),
    }


def _resolved(move_ids: list[int]) -> list[int]:
    """Which of these moves are no longer pending: one small SQL statement, polled every few ms (the ORM's
    compile on every poll cost the client, on the cores it shares with the site, more than the query)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT "id" FROM "{Move._meta.db_table}" WHERE "id" = ANY(%s) AND "status" <> %s',  # noqa: S608 (table from the model)
            [move_ids, MoveStatus.PENDING],
        )
        return [row[0] for row in cursor.fetchall()]


def _wait_for_mail(deployment: Deployment, quiet_for: float = 2.0, limit: float = 120.0) -> int:
    """Wait until the sink has received nothing new for ``quiet_for`` seconds (the mail worker, at nice 10,
    catches up after the load): the floor is measured on a machine at rest. Returns the mails received."""
    deadline, count, since = time.monotonic() + limit, -1, time.monotonic()
    while time.monotonic() < deadline:
        now_count = len(deployment.sink.messages)
        if now_count != count:
            count, since = now_count, time.monotonic()
        elif time.monotonic() - since >= quiet_for:
            break
        time.sleep(0.2)
    return count


def _users(count: int):
    User = get_user_model()
    tag = uuid.uuid4().hex[:6]
    users = [User.objects.create_user(f"bench-{tag}-{i}", f"bench-{tag}-{i}@bench.invalid", None) for i in range(count)]
    tokens = {u.pk: core_services.issue_token(u)[0] for u in users}
    return users, tokens


def _cleanup(users) -> None:
    from core.models import OutboxMessage
    from matches.models import Notice

    notices = list(Notice.objects.filter(user__in=users).values_list("pk", flat=True))
    OutboxMessage.objects.filter(kind="notice_mail", payload__notice_id__in=notices).delete()
    Match.objects.filter(created_by__in=users).delete()
    get_user_model().objects.filter(pk__in=[u.pk for u in users]).delete()


def run(
    out=sys.stdout,
    sizes=(10, 50),
    moves_each: int | None = None,
    gunicorn_workers: int = 4,
    client_nice: int = 0,
    web_nice: int = WEB_NICE,
    mail_nice: int = MAIL_NICE,
) -> None:
    """``client_nice``: run the load client (this process's own threads, not the SMTP sink's, and its
    session, see session_nice) at that nice value, so it takes only CPU the site leaves over, as a client on
    another machine would."""
    from config.celery import app as celery_app

    if settings.CELERY_TASK_ALWAYS_EAGER or celery_app.conf.task_always_eager or not settings.IS_POSTGRES:
        out.write(
            "matches  Last in Einsatzform: übersprungen – braucht PostgreSQL (DATABASE_URL) und einen Broker "
            "(CELERY_BROKER_URL)\n"
        )
        return
    deployment = Deployment(gunicorn_workers, moves_concurrency=2, web_nice=web_nice, mail_nice=mail_nice)
    # What this process sends itself (the notices of the matches it opens) goes to the run's queues too.
    previous = celery_app.conf.task_default_queue, settings.MOVES_QUEUE
    celery_app.conf.task_default_queue, settings.MOVES_QUEUE = deployment.mail_queue, deployment.moves_queue
    users, client_session = [], None
    try:
        deployment.wait_ready()
        if client_nice:
            os.nice(client_nice)  # this thread and the threads it starts from now on (the POST pool)
            client_session = session_nice(os.getpid(), client_nice)  # and against the other sessions
        load = os.getloadavg()
        out.write(
            f"matches  Einsatzform: gunicorn {gunicorn_workers} Worker (nice {web_nice}), Züge-Worker prefork -c 2 "
            f"(nice 0), Mail-Worker prefork -c 2 (nice {mail_nice}; jeweils auch die Sitzung) → SMTP-Senke, "
            f"Zwei Türme; "
            f"Last-Client nice {client_nice}; {os.cpu_count()} CPU-Kerne, "
            f"Last vorher "
            f"{load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f}\n"
        )
        warm_users, warm_tokens = _users(2)
        users += warm_users
        _run_load(deployment, [Table(warm_users, warm_tokens)], 3)  # the worker answers: warm-up
        select1 = select_one_ms(300)
        healthz, health_status = _healthz_ms(deployment.base)
        out.write(
            f"matches  SELECT 1 (Median) {select1:.3f} ms; GET /healthz (Median) {healthz:.2f} ms"
            f" (HTTP {health_status})\n"
        )
        for size in sizes:
            _measure_size(out, deployment, size, moves_each or (30 if size <= 10 else 12), (select1, healthz), users)
        # The floor: the same resolve in this process, one move at a time, nothing else moving (the mail
        # backlog of the load sent first).
        mails = _wait_for_mail(deployment)
        load = os.getloadavg()
        out.write(f"matches  Mails an die Senke insgesamt (nach dem Nachlauf): {mails}; Last {load[0]:.2f}\n")
        floor_users, _tokens = _users(2)  # tokens unused: the floor does not go through the web
        users += floor_users
        wall, cpu = _resolve_in_process(floor_users, 60)
        _line(out, "resolve_move im Prozess, ohne Last (Boden)", wall, select1, healthz)
        out.write(
            f"matches  {'  davon CPU-Zeit dieses Prozesses':52} median {statistics.median(cpu):7.2f} ms"
            f"   p95 {percentile(cpu, 0.95):7.2f} ms\n"
        )
    finally:
        deployment.stop()
        if client_session is not None:
            session_nice(os.getpid(), client_session)  # the caller's shell shares this session
        celery_app.conf.task_default_queue, settings.MOVES_QUEUE = previous
        _cleanup(users)


def _measure_size(out, deployment: Deployment, size: int, each: int, units: tuple[float, float], users: list) -> None:
    """``size`` matches moving at once, ``each`` moves each: latencies, throughput and CPU per part printed.
    ``units``: the run's SELECT 1 and /healthz medians; the users it makes are added to ``users`` (the cleanup)."""
    select1, healthz = units
    new_users, tokens = _users(2 * size)
    users += new_users
    tables = [Table(new_users[2 * i : 2 * i + 2], tokens) for i in range(size)]
    mails_before = len(deployment.sink.messages)
    resolve_before = len(deployment.resolve_times_ms())
    cpu_before, client_before = _cpu_ms_by_group(deployment.groups()), os.times()
    result = _run_load(deployment, tables, each)
    cpu_after, client_after = _cpu_ms_by_group(deployment.groups()), os.times()
    time.sleep(1.0)  # the worker's last log lines
    resolve = deployment.resolve_times_ms()[resolve_before:]
    lat = result["latencies"]
    _line(out, f"Einreichen → ausgeführt ({size} Partien gleichzeitig)", lat, select1, healthz)
    _line(out, f"POST …/moves/ (Antwort 202, Client, {size} Partien)", result["post_ms"], select1, healthz)
    _line(out, f"resolve_move im Worker ({size} Partien)", resolve, select1, healthz)
    load = os.getloadavg()
    out.write(
        f"matches  {'Durchsatz, ein Züge-Worker (-c 2)':52} {result['moves'] / result['wall']:7.1f} Züge/s"
        f"   ({result['applied']} von {result['moves']} ausgeführt in {result['wall']:.1f} s; "
        f"Fehler {result['errors'] or 0}; Mails bisher {len(deployment.sink.messages) - mails_before}; "
        f"Last {load[0]:.2f})\n"
    )
    spent = {name: cpu_after[name] - cpu_before[name] for name in cpu_before}
    spent["Client"] = sum(client_after[:2]) * 1000 - sum(client_before[:2]) * 1000
    _cpu_line(out, spent, result["moves"], result["wall"], len(deployment.sink.messages) - mails_before)


def _resolve_in_process(users, count: int) -> tuple[list[float], list[float]]:
    """Wall and CPU ms of ``services.resolve_move`` for ``count`` moves stored as a submit stores them."""
    match = _new_match(users)
    engine = registry.get(ENGINE)
    seats = {s.order: s for s in match.seats.all()}
    wall, cpu = [], []
    for _ in range(count):
        match = Match.objects.get(pk=match.pk)
        if match.status != "running":
            break
        turn = engine.current_seats(match.state)[0]
        action = engine.default_action(match.state, turn)
        move = Move.objects.create(match=match, seat=seats[turn], action=action, version=match.version)
        started, started_cpu = time.perf_counter(), time.process_time()
        services.resolve_move(move.pk)
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    return wall[5:], cpu[5:]  # the first few warm the process


def _cpu_line(out, spent: dict[str, float], moves: int, wall: float, mails: int) -> None:
    """Where the cores went during the run: CPU ms per move of each part. The mail worker runs at nice 10
    and lags under load, so its share is also given per mail it sent in the window."""
    if not moves:
        return
    parts = ", ".join(f"{name} {ms / moves:.1f}" for name, ms in spent.items())
    total = sum(spent.values())
    per_mail = f"; Mail-Worker je Mail {spent['Mail-Worker'] / mails:.1f} ms" if mails else ""
    out.write(
        f"matches  {'CPU je Zug im Messfenster (ms)':52} {parts}; zusammen {total / moves:.1f} ms"
        f" (Kerne belegt: {total / 1000 / wall:.2f} von {os.cpu_count()}{per_mail})\n"
    )


def _line(out, label: str, values: list[float], select1: float, healthz: float) -> None:
    if not values:
        out.write(f"matches  {label:52} keine Messwerte\n")
        return
    median, p95 = statistics.median(values), percentile(values, 0.95)
    out.write(
        f"matches  {label:52} median {median:7.2f} ms   p95 {p95:7.2f} ms"
        f"   (= {median / select1:.0f}×/{p95 / select1:.0f}× SELECT 1, "
        f"{median / healthz:.2f}×/{p95 / healthz:.2f}× /healthz; n={len(values)})\n"
    )

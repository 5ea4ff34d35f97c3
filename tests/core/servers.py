"""The site's real servers in subprocesses, for tests of the production shape: gunicorn (sync workers,
the pages) and uvicorn (ASGI: the event streams and /healthz), on a database of the test's own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def environment(database_url: str, **extra: str) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "ERROR",
        **extra,
    }
    if "CELERY_BROKER_URL" not in extra:
        env.pop("CELERY_BROKER_URL", None)  # the servers run tasks in-process unless a test says otherwise
    return env


def migrated_sqlite(path: Path) -> str:
    url = f"sqlite:///{path}"
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=environment(url),
        check=True,
        timeout=120,
    )
    return url


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on {port}")


def start(command: list[str], port: int, env: dict, log: Path | None = None) -> subprocess.Popen:
    output = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (handed to the child)
    process = subprocess.Popen(  # noqa: S603 (our own interpreter and arguments)
        command, cwd=ROOT, env=env, stdout=output, stderr=output, start_new_session=True
    )
    wait_for_port(port, process)
    return process


def gunicorn(port: int, env: dict, workers: int = 2, log: Path | None = None) -> subprocess.Popen:
    command = [sys.executable, "-m", "gunicorn", "config.wsgi", "-w", str(workers), "-b", f"127.0.0.1:{port}"]
    return start([*command, "--timeout", "60"], port, env, log)


def uvicorn(port: int, env: dict, log: Path | None = None) -> subprocess.Popen:
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
    return start([*command, "--port", str(port), "--no-access-log"], port, env, log)


def stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    os.killpg(process.pid, 15)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, 9)
        process.wait(timeout=10)

"""HTTP benchmark: requests/s of ``POST /v1/show`` against ``GET /healthz`` under the same gunicorn.

    .venv/bin/python -m bench.http [--requests 3000] [--threads 4] [--rounds 2] [--max-seconds 150]

Starts gunicorn with the real app and the settings of ``service/gunicorn_config.py`` (workers,
threads, timeouts) on a free port of 127.0.0.1, rate limits off (``MUGGINS_RATELIMIT_ENABLED=false``:
1,200 requests a minute would stop the benchmark, not measure it), everything else as served, access
log included (written to /dev/null). A bounded load generator (a thread pool, one ``http.client``
connection per thread, loopback only) sends a fixed number of requests per endpoint, alternating
the endpoints for ``--rounds`` rounds and keeping each one's fastest round. The ratio
``/v1/show / /healthz`` is what a real count costs above Flask itself. It also times
``POST /v1/batch/show`` with 1,000 hands a request (hands/s). The server is stopped at the end, and
the whole run is cut short after ``--max-seconds``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from service import gunicorn_config
from service.rules.cards import STANDARD_DECK

from .machine import header
from .scorers import random_deals

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SHOW_BODY = json.dumps({"hand": ["5H", "5D", "5S", "JC"], "starter": "5C"})
BATCH_HANDS = 1_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def start_server(port: int) -> subprocess.Popen:
    env = {**os.environ, "MUGGINS_BIND": f"{HOST}:{port}", "MUGGINS_RATELIMIT_ENABLED": "false"}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    return subprocess.Popen([str(gunicorn), "--config", "python:service.gunicorn_config", "service:create_app()"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)


def stop_server(server: subprocess.Popen) -> None:
    """SIGTERM to gunicorn's process group (master and workers), SIGKILL if it lingers."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def wait_ready(port: int, server: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited: {server.stderr.read().decode()[-2000:]}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=2)
            connection.request("GET", "/readyz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not become ready")


class Load:
    """Send ``count`` requests with ``threads`` threads; each thread keeps its own connection
    (http.client reconnects when the sync worker closes it)."""

    def __init__(self, port: int, threads: int, deadline: float):
        self.port, self.threads, self.deadline = port, threads, deadline

    def run(self, method: str, path: str, body: str | None, count: int) -> dict:
        per_thread = [count // self.threads + (i < count % self.threads) for i in range(self.threads)]
        started = time.perf_counter()
        with ThreadPoolExecutor(self.threads) as pool:
            done = list(pool.map(lambda n: self._worker(method, path, body, n), per_thread))
        seconds = time.perf_counter() - started
        sent = sum(ok for ok, _ in done)
        errors = sum(bad for _, bad in done)
        return {"requests": sent, "errors": errors, "seconds": seconds, "per_second": sent / seconds}

    def _worker(self, method, path, body, count) -> tuple[int, int]:
        headers = {"Content-Type": "application/json"} if body else {}
        connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        ok = bad = 0
        for _ in range(count):
            if time.monotonic() > self.deadline:
                break
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                if response.status == 200:
                    ok += 1
                else:
                    bad += 1
            except (OSError, http.client.HTTPException):
                bad += 1
                connection.close()
        connection.close()
        return ok, bad


def batch_body(hands: int) -> str:
    deals = random_deals(hands, seed=3).tolist()
    return json.dumps({"hands": [{"hand": [STANDARD_DECK[i].code for i in deal[:4]],
                                  "starter": STANDARD_DECK[deal[4]].code} for deal in deals]})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.http", description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=3000, help="requests per endpoint and round")
    parser.add_argument("--threads", type=int, default=4, help="client threads (connections)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--max-seconds", type=float, default=150)
    args = parser.parse_args(argv)
    header("bench.http: POST /v1/show vs GET /healthz, same gunicorn, loopback")
    print(f"gunicorn: workers={gunicorn_config.workers} threads={gunicorn_config.threads} "
          f"(service/gunicorn_config.py), rate limits off, access log on; client: {args.threads} threads, "
          f"{args.requests:,} requests per endpoint and round, best of {args.rounds} rounds")
    deadline = time.monotonic() + args.max_seconds
    port = free_port()
    server = start_server(port)
    try:
        wait_ready(port, server)
        load = Load(port, args.threads, deadline)
        endpoints = {"GET /healthz": ("GET", "/healthz", None),
                     "POST /v1/show": ("POST", "/v1/show", SHOW_BODY)}
        for method, path, body in endpoints.values():  # warm up both workers
            load.run(method, path, body, 200)
        best: dict[str, dict] = {}
        for round_number in range(args.rounds):
            for name, (method, path, body) in endpoints.items():
                result = load.run(method, path, body, args.requests)
                print(f"  round {round_number + 1} {name:<14} {result['requests']:>6,} requests in "
                      f"{result['seconds']:6.2f} s = {result['per_second']:>8,.0f} req/s"
                      + (f" ({result['errors']} errors)" if result["errors"] else ""))
                if name not in best or result["per_second"] > best[name]["per_second"]:
                    best[name] = result
        body = batch_body(BATCH_HANDS)
        batch = load.run("POST", "/v1/batch/show", body, max(args.threads * 5, 20))
    finally:
        stop_server(server)
    trivial, show = best["GET /healthz"]["per_second"], best["POST /v1/show"]["per_second"]
    print(f"GET /healthz (baseline): {trivial:,.0f} req/s")
    print(f"POST /v1/show:           {show:,.0f} req/s = {show / trivial:.2f}x the baseline "
          f"({(1 / show - 1 / trivial) * 1000 * args.threads:.2f} ms more per request per client thread)")
    hands_per_second = batch["per_second"] * BATCH_HANDS
    print(f"POST /v1/batch/show, {BATCH_HANDS:,} hands a request: {batch['per_second']:,.1f} req/s = "
          f"{hands_per_second:,.0f} hands/s = {hands_per_second / show:,.0f}x /v1/show's hands/s")
    errors = sum(r["errors"] for r in best.values()) + batch["errors"]
    print("result: " + ("ok" if not errors and time.monotonic() < deadline else
                        f"{errors} errors" if errors else "cut short by --max-seconds"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

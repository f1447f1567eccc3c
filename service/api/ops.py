"""Operations: request ids, one JSON access-log line per request, rate limits, Prometheus metrics.

``init_app(app)`` wires all four in (``service.api.register`` calls it before the blueprints):

- **Request id**: ``X-Request-ID`` is echoed when the client sends a sane one (1-64 characters of
  ``A-Za-z0-9._-``), else a fresh uuid4 hex; it is on every response and in the access log.
- **Access log**: logger ``muggins.access``, one JSON object per request (``ACCESS_LOG`` turns it off)::

      {"request_id": "9f0c...", "method": "POST", "path": "/v1/show", "status": 200,
       "duration_ms": 1.9, "bytes": 1234, "remote_addr": "127.0.0.1", "user_agent": "curl/8.5"}

- **Rate limits** (Flask-Limiter): ``RATELIMIT_DEFAULT`` per client address on every route but the
  probes and ``/metrics``, and ``RATELIMIT_BATCH`` on ``/v1/batch/*`` as well;
  ``RATELIMIT_ENABLED = False`` turns them off (the tests do). Over the
  limit: ``429`` problem+json with ``Retry-After``. The default storage, ``memory://``, counts per
  gunicorn worker, so with N workers a client gets up to N times the limit; point
  ``RATELIMIT_STORAGE_URI`` at Redis or Memcached for one shared count. Behind a proxy, the client
  address is the proxy's unless the app is wrapped in ``werkzeug.middleware.proxy_fix.ProxyFix``.
- **Metrics** (prometheus-flask-exporter) at ``/metrics``: request counts and latency histograms per
  route (``url_rule``, so unknown paths cannot blow up the label set). Under gunicorn,
  ``service/gunicorn_config.py`` sets ``PROMETHEUS_MULTIPROC_DIR`` and every worker writes there, so
  whichever worker answers ``/metrics`` reports the sum over all workers (the library's multiprocess
  mode). Without that variable (``flask run``, tests) each app has its own registry.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
import uuid

from flask import Flask, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.errors import RateLimitExceeded
from flask_limiter.util import get_remote_address

from .problems import problem_response

REQUEST_ID_HEADER = "X-Request-ID"
_SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
UNLIMITED_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})

access_log = logging.getLogger("muggins.access")


def init_app(app: Flask) -> None:
    """Request ids and the access log first (so every other hook's response carries them)."""
    app.before_request(_start_request)
    app.after_request(_finish_request)
    _configure_access_log(app)
    app.extensions["muggins_metrics"] = _init_metrics(app)
    app.extensions["muggins_limiter"] = _init_limiter(app)


# --- request id and access log -----------------------------------------------------------------

def request_id_for(header_value: str | None) -> str:
    """The client's request id when it is sane, else a new one.

    >>> request_id_for("abc-123")
    'abc-123'
    >>> len(request_id_for("no spaces or <tags>"))
    32
    """
    if header_value and _SANE_REQUEST_ID.fullmatch(header_value):
        return header_value
    return uuid.uuid4().hex


def _start_request() -> None:
    g.request_id = request_id_for(request.headers.get(REQUEST_ID_HEADER))
    g.request_started = time.perf_counter()


def _finish_request(response):
    request_id = g.get("request_id") or request_id_for(None)
    response.headers[REQUEST_ID_HEADER] = request_id
    if current_app.config.get("ACCESS_LOG", True) and access_log.isEnabledFor(logging.INFO):
        started = g.get("request_started")
        access_log.info(json.dumps({
            "request_id": request_id,
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "duration_ms": round((time.perf_counter() - started) * 1000, 2) if started else None,
            "bytes": response.calculate_content_length(),
            "remote_addr": request.remote_addr,
            "user_agent": request.user_agent.string or None,
        }))
    return response


def _configure_access_log(app: Flask) -> None:
    """One handler on ``muggins.access`` writing the bare JSON line to stdout (idempotent: every app
    of the process shares the logger)."""
    if not any(isinstance(handler, _StdoutHandler) for handler in access_log.handlers):
        handler = _StdoutHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        access_log.addHandler(handler)
    access_log.setLevel(logging.INFO)
    access_log.propagate = False  # the line is complete as it is; no second copy via the root logger


class _StdoutHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stdout`` is at the time (test runners swap it)."""

    def __init__(self):
        super().__init__(sys.stdout)

    @property
    def stream(self):
        return sys.stdout

    @stream.setter
    def stream(self, _value):
        pass


# --- rate limits -------------------------------------------------------------------------------

def _init_limiter(app: Flask) -> Limiter:
    """Flask-Limiter configured from ``RATELIMIT_*`` settings (service/config.py)."""
    limiter = Limiter(get_remote_address, app=app)
    limiter.request_filter(lambda: request.path in UNLIMITED_PATHS)
    if limiter.enabled and app.config.get("RATELIMIT_BATCH"):
        from .batch import blp as batch

        # A batch request may carry 10,000 hands: its own, lower limit, on top of the default one.
        limiter.limit(app.config["RATELIMIT_BATCH"], override_defaults=False)(batch)
    app.register_error_handler(RateLimitExceeded, _too_many_requests)
    return limiter


def _too_many_requests(error: RateLimitExceeded):
    """429 as problem+json; Flask-Limiter adds ``Retry-After`` and ``X-RateLimit-*`` afterwards."""
    return problem_response(429, "Too Many Requests",
                            f"rate limit exceeded: {error.description}; retry after the Retry-After delay",
                            limit=error.description)


# --- metrics -----------------------------------------------------------------------------------

def _init_metrics(app: Flask):
    options = {"group_by": "url_rule", "defaults_prefix": "muggins"}
    multiprocess_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if multiprocess_dir and os.path.isdir(multiprocess_dir):
        from prometheus_flask_exporter.multiprocess import GunicornInternalPrometheusMetrics

        metrics = GunicornInternalPrometheusMetrics(app, **options)
    else:
        from prometheus_client import CollectorRegistry, ProcessCollector
        from prometheus_flask_exporter import PrometheusMetrics

        registry = CollectorRegistry()
        ProcessCollector(registry=registry)
        metrics = PrometheusMetrics(app, registry=registry, **options)
    metrics.info("muggins_app_info", "The Muggins service", version=app.config.get("API_VERSION", ""))
    return metrics

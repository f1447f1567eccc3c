"""Operations: rate limits, /metrics, request ids, the access log, and the documented limits."""

import json
import logging

import pytest

from service import config, create_app
from service.api.ops import access_log, request_id_for

SHOW = {"hand": ["5H", "5D", "5S", "JC"], "starter": "5C"}


@pytest.fixture()
def limited_client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
                      "RATELIMIT_ENABLED": True, "RATELIMIT_DEFAULT": "2 per minute"})
    return app.test_client()


class Records(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        self.lines.append(json.loads(record.getMessage()))


@pytest.fixture()
def access_lines():
    handler = Records()
    access_log.addHandler(handler)
    yield handler.lines
    access_log.removeHandler(handler)


# --- rate limits -------------------------------------------------------------------------------

def test_over_the_limit_is_a_429_problem(limited_client):
    assert [limited_client.post("/v1/show", json=SHOW).status_code for _ in range(2)] == [200, 200]
    response = limited_client.post("/v1/show", json=SHOW)
    assert response.status_code == 429
    assert response.mimetype == "application/problem+json"
    assert response.get_json() == {
        "type": "about:blank", "title": "Too Many Requests", "status": 429,
        "detail": "rate limit exceeded: 2 per 1 minute; retry after the Retry-After delay",
        "instance": "/v1/show", "limit": "2 per 1 minute"}
    assert 0 < int(response.headers["Retry-After"]) <= 60
    assert response.headers["X-RateLimit-Limit"] == "2"
    assert response.headers["X-RateLimit-Remaining"] == "0"


def test_batches_have_their_own_limit(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
                      "RATELIMIT_ENABLED": True, "RATELIMIT_DEFAULT": "100 per minute",
                      "RATELIMIT_BATCH": "1 per minute"})
    client = app.test_client()
    batch = {"hands": [SHOW]}
    assert client.post("/v1/batch/show", json=batch).status_code == 200
    response = client.post("/v1/batch/show", json=batch)
    assert response.status_code == 429 and response.get_json()["limit"] == "1 per 1 minute"
    assert client.post("/v1/show", json=SHOW).status_code == 200


def test_probes_and_metrics_are_never_limited(limited_client):
    for path in ("/healthz", "/readyz", "/metrics"):
        assert {limited_client.get(path).status_code for _ in range(4)} == {200}, path


def test_limits_are_off_when_disabled(client):
    assert {client.post("/v1/show", json=SHOW).status_code for _ in range(5)} == {200}
    assert "X-RateLimit-Limit" not in client.post("/v1/show", json=SHOW).headers


def test_limits_are_on_by_default():
    assert config.DefaultConfig.RATELIMIT_ENABLED is True
    assert config.DefaultConfig.RATELIMIT_DEFAULT == "1200 per minute"
    assert config.DefaultConfig.RATELIMIT_BATCH == "60 per minute"


def test_environment_turns_limits_off(monkeypatch):
    monkeypatch.setenv("MUGGINS_RATELIMIT_ENABLED", "false")
    monkeypatch.setenv("MUGGINS_MAX_BATCH_HANDS", "50")
    settings = config.from_environment()
    assert settings["RATELIMIT_ENABLED"] is False and settings["MAX_BATCH_HANDS"] == 50


# --- metrics -----------------------------------------------------------------------------------

def metric_lines(client):
    response = client.get("/metrics")
    assert response.status_code == 200 and response.mimetype == "text/plain"
    return response.get_data(as_text=True).splitlines()


def test_metrics_count_requests_per_route(client):
    client.post("/v1/show", json=SHOW)
    client.post("/v1/show", json=SHOW)
    client.post("/v1/show", json={"hand": ["ZZ"], "starter": "5C"})
    lines = metric_lines(client)
    assert 'muggins_http_request_total{method="POST",status="200"} 2.0' in lines
    assert 'muggins_http_request_total{method="POST",status="422"} 1.0' in lines
    assert ('muggins_http_request_duration_seconds_count'
            '{method="POST",status="200",url_rule="/v1/show"} 2.0') in lines
    assert any(line.startswith('muggins_app_info{version="') for line in lines)


def test_unknown_paths_share_one_label(client):
    for path in ("/nope/1", "/nope/2", "/nope/3"):
        assert client.get(path).status_code == 404
    lines = [line for line in metric_lines(client)
             if line.startswith("muggins_http_request_duration_seconds_count") and 'status="404"' in line]
    assert len(lines) == 1 and lines[0].endswith(" 3.0") and "nope" not in lines[0]


def test_each_app_has_its_own_registry(app, tmp_path):
    other = create_app({"TESTING": True, "RATELIMIT_ENABLED": False,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}"})
    app.test_client().post("/v1/show", json=SHOW)
    assert not any(line.startswith("muggins_http_request_total") for line in metric_lines(other.test_client()))


# --- request id and access log -----------------------------------------------------------------

def test_every_response_has_a_request_id(client):
    first = client.get("/healthz").headers["X-Request-ID"]
    second = client.post("/v1/show", json={"hand": []}).headers["X-Request-ID"]
    assert len(first) == len(second) == 32 and first != second


@pytest.mark.parametrize("sent, echoed", [
    ("abc-123.x_Y", True),
    ("a" * 64, True),
    ("a" * 65, False),
    ("has space", False),
    ("<script>", False),
])
def test_a_sane_client_request_id_is_echoed(client, sent, echoed):
    got = client.get("/healthz", headers={"X-Request-ID": sent}).headers["X-Request-ID"]
    assert (got == sent) is echoed
    assert request_id_for(sent) == sent if echoed else len(request_id_for(sent)) == 32


def test_one_access_line_per_request(client, access_lines):
    client.post("/v1/show", json=SHOW, headers={"X-Request-ID": "req-1", "User-Agent": "pytest"})
    client.post("/v1/show", json={"hand": ["ZZ"], "starter": "5C"}, headers={"X-Request-ID": "req-2"})
    assert len(access_lines) == 2
    first, second = access_lines
    assert {k: first[k] for k in ("request_id", "method", "path", "status", "user_agent")} == {
        "request_id": "req-1", "method": "POST", "path": "/v1/show", "status": 200, "user_agent": "pytest"}
    assert first["duration_ms"] > 0 and first["bytes"] > 100 and first["remote_addr"] == "127.0.0.1"
    assert (second["request_id"], second["status"]) == ("req-2", 422)


def test_rate_limited_requests_are_logged_with_their_id(limited_client, access_lines):
    for _ in range(3):
        limited_client.post("/v1/show", json=SHOW, headers={"X-Request-ID": "burst"})
    assert [(line["request_id"], line["status"]) for line in access_lines] == [
        ("burst", 200), ("burst", 200), ("burst", 429)]


# --- documented limits (service/config.py) -----------------------------------------------------

def test_a_body_over_the_limit_is_a_413_problem(client):
    assert client.application.config["MAX_CONTENT_LENGTH"] == config.MAX_BODY_BYTES == 2 * 1024 * 1024
    body = json.dumps({"hand": ["5H", "5D", "5S", "JC"], "starter": "5C",
                       "padding": "x" * config.MAX_BODY_BYTES})
    response = client.post("/v1/show", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["status"] == 413 and problem["title"] == "Request Entity Too Large"
    assert problem["instance"] == "/v1/show"


def test_a_full_batch_fits_in_the_body_limit(client):
    hands = [{"hand": ["10H", "10D", "10S", "10C"], "starter": "QC", "crib": False}] * config.MAX_BATCH_HANDS
    body = json.dumps({"hands": hands, "by_kind": True})
    assert len(body) < config.MAX_BODY_BYTES
    response = client.post("/v1/batch/show", data=body, content_type="application/json")
    assert response.status_code == 200 and response.get_json()["count"] == config.MAX_BATCH_HANDS


def test_the_batch_cap_is_enforced(client):
    hands = [{"hand": ["5H", "5D", "5S", "JC"], "starter": "5C"}] * (config.MAX_BATCH_HANDS + 1)
    response = client.post("/v1/batch/show", json={"hands": hands})
    assert response.status_code == 422
    assert response.get_json()["errors"][0]["pointer"] == "/hands"


@pytest.mark.parametrize("url", ["/v1/play", "/v1/audit/play"])
def test_the_plays_cap_is_enforced(client, url):
    assert config.MAX_PLAYS == 64
    plays = [{"player": i % 2, "go": True} for i in range(config.MAX_PLAYS + 1)]
    response = client.post(url, json={"players": 2, "plays": plays})
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"
    [error] = response.get_json()["errors"]
    assert error["pointer"] == "/plays" and "64" in error["message"]


def test_the_access_log_can_be_turned_off(tmp_path, access_lines):
    quiet = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, "ACCESS_LOG": False,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 'quiet.sqlite3'}"})
    quiet.test_client().get("/healthz")
    assert access_lines == []

"""The OpenAPI document is valid OpenAPI 3.0 and lists every endpoint the service serves."""

import re

from openapi_spec_validator import validate

ENDPOINTS = {
    "/v1/show": "post", "/v1/audit/show": "post", "/v1/batch/show": "post", "/v1/play": "post",
    "/v1/audit/play": "post", "/v1/rules": "get", "/v1/rules/{reference}": "get",
    "/v1/wild/board": "post", "/v1/recognize": "post", "/v1/show/photo": "post",
    "/v1/audit/photo": "post", "/healthz": "get", "/readyz": "get",
}


def test_spec_is_valid_openapi_3(client):
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"].startswith("3.0")
    validate(spec)


def test_spec_lists_every_endpoint(client):
    paths = client.get("/openapi.json").get_json()["paths"]
    for path, method in ENDPOINTS.items():
        assert method in paths.get(path, {}), path


def test_every_api_route_is_documented(app, client):
    """No route under /v1 is served without being in the spec."""
    documented = set(client.get("/openapi.json").get_json()["paths"])
    served = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
              for rule in app.url_map.iter_rules() if rule.rule.startswith("/v1/")}
    assert served - documented == set()


def test_errors_are_documented_as_the_problems_the_service_sends(client):
    """Every error response in the spec is ``application/problem+json`` with the Problem schema, and
    a real 422 has no member the schema does not describe."""
    spec = client.get("/openapi.json").get_json()
    for name, response in spec["components"]["responses"].items():
        assert list(response["content"]) == ["application/problem+json"], name
        assert response["content"]["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}
    problem = spec["components"]["schemas"]["Problem"]["properties"]
    body = client.post("/v1/show", json={"hand": ["5H", "5D", "ZZ", "JH"], "starter": "5C"}).get_json()
    assert set(body) <= set(problem) and {"type", "title", "status", "detail", "errors"} <= set(body)
    error_fields = spec["components"]["schemas"]["FieldError"]["properties"]
    assert set(body["errors"][0]) == set(error_fields)

"""The page and its files as the server sends them (no browser needed)."""

from __future__ import annotations

import re

import pytest


def test_page_is_served_at_the_root_with_a_strict_policy(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    html = response.get_data(as_text=True)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert 'capture="environment"' in html and 'accept="image/*"' in html
    # Nothing from another origin: every script and stylesheet is the service's own.
    assert re.findall(r'(?:src|href)="(https?:)?//', html) == []


@pytest.mark.parametrize("name, mimetypes", [
    ("app.js", {"text/javascript", "application/javascript"}),  # a module script needs a JS type
    ("cards.js", {"text/javascript", "application/javascript"}),
    ("muggins.css", {"text/css"})])
def test_static_files_are_served(client, name, mimetypes):
    response = client.get(f"/web/static/{name}")
    assert response.status_code == 200
    assert response.mimetype in mimetypes


def test_the_page_is_not_in_the_api_spec(client):
    paths = client.get("/openapi.json").get_json()["paths"]
    assert "/" not in paths and not any(path.startswith("/web") for path in paths)

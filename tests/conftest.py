"""Shared fixtures, after Flask's tutorial app (flaskr): an app per test, its client."""

import pytest

from service import create_app


@pytest.fixture()
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
                       "RATELIMIT_ENABLED": False})


@pytest.fixture()
def client(app):
    return app.test_client()


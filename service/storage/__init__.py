"""Persistence: saved house rule profiles in SQL (SQLite by default) through SQLAlchemy.

The database lives at the app's ``DATABASE_URL`` (default ``instance/muggins.sqlite3``). Nothing is
opened at import: the first request that needs a saved profile creates the store for its process and
brings the schema up to date with the alembic migrations in ``migrations/``.
"""

from __future__ import annotations

import threading

from .profiles import ProfileStore, ProfileVersionConflict

__all__ = ["ProfileStore", "ProfileVersionConflict", "profile_store"]

_lock = threading.Lock()
EXTENSION = "muggins_profile_store"


def profile_store(app=None) -> ProfileStore:
    """The store of ``app`` (default: the current Flask app), created on first use in this process."""
    if app is None:
        from flask import current_app

        app = current_app._get_current_object()
    store = app.extensions.get(EXTENSION)
    if store is None:
        with _lock:
            store = app.extensions.get(EXTENSION)
            if store is None:
                store = app.extensions[EXTENSION] = ProfileStore(app.config["DATABASE_URL"])
    return store

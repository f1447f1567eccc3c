"""Saved house profiles: immutable, versioned rows (``name``, ``version``) -> settings.

A saved profile never changes: saving a name again with other settings adds the next version, and
every version stays retrievable as ``name@version``, so an audit made under it can be replayed.
Saving the same settings (and description) as the latest version returns that version.

    >>> store = ProfileStore("sqlite://")
    >>> first, created = store.save("house", {"muggins": "off"}, base="standard@1")
    >>> first.reference, created, store.get("house").muggins
    ('house@1', True, 'off')
"""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.exc import IntegrityError, OperationalError

from service.rules.profiles import Profile, UnknownProfile, from_settings

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

metadata = sa.MetaData()
saved_profiles = sa.Table(  # mirrors migrations/versions/0001_saved_profiles.py
    "saved_profiles", metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("description", sa.Text, nullable=False),
    sa.Column("base", sa.String(60), nullable=False),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


class ProfileVersionConflict(RuntimeError):
    """Another process saved the same name at the same moment and the retries ran out."""


class ProfileStore:
    """Saved profiles in the database at ``url`` (an SQLAlchemy URL)."""

    def __init__(self, url: str):
        self.url = url
        self._engine: sa.Engine | None = None
        self._lock = threading.Lock()

    @property
    def engine(self) -> sa.Engine:
        """The engine, created (with the schema migrated to the latest revision) on first use."""
        if self._engine is None:
            with self._lock:
                if self._engine is None:
                    self._engine = self._open()
        return self._engine

    def _open(self) -> sa.Engine:
        url = sa.make_url(self.url)
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        kwargs = {"poolclass": sa.pool.StaticPool} if not url.database else {}
        engine = sa.create_engine(url, **kwargs)
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        for attempt in range(3):  # two worker processes may migrate the same new file at once
            try:
                with engine.begin() as connection:
                    config.attributes["connection"] = connection
                    command.upgrade(config, "head")
                return engine
            except OperationalError:
                if attempt == 2:
                    raise
                time.sleep(0.2 * (attempt + 1))
        return engine

    def save(self, name: str, settings: dict, description: str = "", base: str = "") -> tuple[Profile, bool]:
        """Save ``settings`` under ``name``: ``(profile, created)``; a new version unless the latest
        version already has exactly these settings and description."""
        profile = from_settings(name, 0, description, base, settings)  # validates every setting
        stored = profile.settings()
        for _attempt in range(5):
            with self.engine.begin() as connection:
                latest = self._latest_row(connection, name)
                if latest is not None and latest.settings == stored and latest.description == description:
                    return self._profile(latest), False
                version = (latest.version if latest is not None else 0) + 1
                try:
                    connection.execute(saved_profiles.insert().values(
                        name=name, version=version, description=description, base=base,
                        settings=stored, created_at=datetime.now(timezone.utc)))
                except IntegrityError:  # a concurrent save took this version: try the next
                    continue
            return from_settings(name, version, description, base, stored), True
        raise ProfileVersionConflict(name)

    def get(self, name: str, version: int | None = None) -> Profile:
        """The saved profile (latest version when ``version`` is None); :class:`UnknownProfile`."""
        with self.engine.connect() as connection:
            if version is None:
                row = self._latest_row(connection, name)
            else:
                row = connection.execute(sa.select(saved_profiles).where(
                    saved_profiles.c.name == name, saved_profiles.c.version == version)).first()
        if row is None:
            raise UnknownProfile(f"{name}@{version}" if version else name)
        return self._profile(row)

    def versions(self, name: str) -> list[int]:
        with self.engine.connect() as connection:
            return list(connection.execute(sa.select(saved_profiles.c.version).where(
                saved_profiles.c.name == name).order_by(saved_profiles.c.version)).scalars())

    def latest_all(self, limit: int = 500) -> list[Profile]:
        """The latest version of every saved profile, by name."""
        newest = sa.select(saved_profiles.c.name, sa.func.max(saved_profiles.c.version).label("v")) \
            .group_by(saved_profiles.c.name).subquery()
        query = sa.select(saved_profiles).join(newest, sa.and_(
            saved_profiles.c.name == newest.c.name, saved_profiles.c.version == newest.c.v)) \
            .order_by(saved_profiles.c.name).limit(limit)
        with self.engine.connect() as connection:
            return [self._profile(row) for row in connection.execute(query)]

    @staticmethod
    def _latest_row(connection, name: str):
        return connection.execute(sa.select(saved_profiles).where(saved_profiles.c.name == name)
                                  .order_by(saved_profiles.c.version.desc()).limit(1)).first()

    @staticmethod
    def _profile(row) -> Profile:
        return from_settings(row.name, row.version, row.description, row.base, row.settings)

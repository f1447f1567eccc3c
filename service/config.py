"""Configuration with embedded defaults; every setting can be overridden by a ``MUGGINS_*`` variable."""

from __future__ import annotations

import os

# Limits (documented in README "Limits"): a request over them is refused with a 4xx problem.
MAX_BODY_BYTES = 2 * 1024 * 1024  # JSON bodies; 10,000 batch hands fit in well under 1 MB
MAX_BATCH_HANDS = 10_000
MAX_PLAYS = 64  # a pegging hand has at most 4 players x 5 cards plus go calls
MAX_CLAIM = 99  # points claimed for one show or one play; no show scores more than 45


class DefaultConfig:
    API_TITLE = "Muggins"
    API_VERSION = "1.0.0"
    OPENAPI_VERSION = "3.0.3"
    OPENAPI_URL_PREFIX = "/"
    OPENAPI_JSON_PATH = "openapi.json"
    OPENAPI_SWAGGER_UI_PATH = "/docs"
    OPENAPI_SWAGGER_UI_URL = "/docs/static/"  # served from the swagger-ui-bundle package, no CDN
    MAX_CONTENT_LENGTH = MAX_BODY_BYTES
    MAX_BATCH_HANDS = MAX_BATCH_HANDS
    JSON_SORT_KEYS = False
    DATABASE_URL = "sqlite:///" + os.path.join(os.getcwd(), "instance", "muggins.sqlite3")
    # Operations (service/api/ops.py). Rate limits count per client address, per worker with
    # memory:// (use redis://... to share one count); RATELIMIT_ENABLED = False turns them off.
    RATELIMIT_ENABLED = True
    RATELIMIT_DEFAULT = "1200 per minute"
    RATELIMIT_BATCH = "60 per minute"  # /v1/batch/*, up to MAX_BATCH_HANDS hands a request
    RATELIMIT_STORAGE_URI = "memory://"
    RATELIMIT_HEADERS_ENABLED = True
    ACCESS_LOG = True  # one JSON line per request on stdout (logger "muggins.access")
    # Photos (service/vision): the ONNX session is built per worker process on first use.
    VISION_MAX_UPLOAD_BYTES = 20 * 1024 * 1024  # /v1/recognize, /v1/*/photo (JSON stays MAX_BODY_BYTES)
    VISION_MAX_PIXELS = 50_000_000  # refused before decoding (decompression bombs) with 413
    VISION_MAX_SIDE = 1280  # photos are read at most this large (long side, pixels)
    VISION_MIN_CONFIDENCE = None  # below this a card comes back uncertain (code null + candidates); None: the model's own (labels.json)
    VISION_INTRA_OP_THREADS = 1  # onnxruntime threads per worker process
    VISION_INTER_OP_THREADS = 1
    VISION_MODEL_DIR = ""  # empty: the committed model in vision_models/


def from_environment() -> dict:
    """``MUGGINS_DATABASE_URL=...`` becomes ``DATABASE_URL``; integers stay integers, and
    ``true``/``false`` (any case) become booleans (``MUGGINS_RATELIMIT_ENABLED=false``)."""
    settings = {}
    for key, value in os.environ.items():
        if key.startswith("MUGGINS_"):
            settings[key[len("MUGGINS_"):]] = (int(value) if value.isdecimal() else
                                               _BOOLEANS.get(value.lower(), value))
    return settings


_BOOLEANS = {"true": True, "false": False}

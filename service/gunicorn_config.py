"""gunicorn settings for ``make serve`` and the Docker image (override with MUGGINS_* variables).

The app is imported in each worker (no ``preload_app``), so per-process resources such as the ONNX
session are created after the fork, never shared across workers.
"""

import os

bind = os.environ.get("MUGGINS_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("MUGGINS_WORKERS", "2"))
threads = int(os.environ.get("MUGGINS_THREADS", "1"))
timeout = int(os.environ.get("MUGGINS_TIMEOUT", "30"))
preload_app = False
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("MUGGINS_LOG_LEVEL", "info")
limit_request_line = 4094
limit_request_fields = 50

"""gunicorn settings for ``make serve`` and the Docker image (override with MUGGINS_* variables).

The app is imported in each worker (no ``preload_app``), so per-process resources such as the ONNX
session are created after the fork, never shared across workers.
"""

import os
import shutil
import tempfile

bind = os.environ.get("MUGGINS_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("MUGGINS_WORKERS", "2"))
threads = int(os.environ.get("MUGGINS_THREADS", "1"))
timeout = int(os.environ.get("MUGGINS_TIMEOUT", "30"))
preload_app = False
accesslog = os.environ.get("MUGGINS_GUNICORN_ACCESSLOG")  # off: the app logs one JSON line per request
errorlog = "-"
loglevel = os.environ.get("MUGGINS_LOG_LEVEL", "info")
limit_request_line = 4094
limit_request_fields = 50

# Prometheus multiprocess mode (service/api/ops.py): each worker writes its metrics under this folder
# and /metrics, whichever worker answers, adds them up. A fresh folder per server start; a folder given
# in the environment must be emptied before each start.
_own_metrics_dir = None


def on_starting(server):
    """In the master, before any worker: the workers inherit the variable."""
    global _own_metrics_dir
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        _own_metrics_dir = tempfile.mkdtemp(prefix="muggins-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = _own_metrics_dir


def child_exit(server, worker):
    """Drop a dead worker's live gauges from the sums."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server):
    if _own_metrics_dir:
        shutil.rmtree(_own_metrics_dir, ignore_errors=True)

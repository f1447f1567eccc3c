"""An onnxruntime session on the CPU with its thread counts set explicitly (never the default of
one thread per core: gunicorn runs several workers side by side)."""

from __future__ import annotations

from pathlib import Path


def cpu_session(path: str | Path, intra_threads: int = 1, inter_threads: int = 1):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = intra_threads
    options.inter_op_num_threads = inter_threads
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])

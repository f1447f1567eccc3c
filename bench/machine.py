"""What every benchmark prints first: the machine and the date, so a figure is never quoted bare."""

from __future__ import annotations

import datetime
import os
import platform

import numpy as np


def proc_field(path: str, key: str) -> str | None:
    """The value after the colon of the first line of ``path`` (a /proc file) starting with ``key``,
    or None where there is no such file or line."""
    try:
        with open(path, encoding="utf-8") as info:
            for line in info:
                if line.startswith(key):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo (``model name``), or the platform's guess elsewhere."""
    return proc_field("/proc/cpuinfo", "model name") or platform.processor() or "unknown"


VECTOR_EXTENSIONS = (("avx2", "AVX2"), ("avx512f", "AVX-512"), ("avx512_vnni", "VNNI"), ("avx512_bf16", "BF16"),
                     ("amx_tile", "AMX"))
"""/proc/cpuinfo's flags that decide the models' speed (oneDNN and onnxruntime choose their kernels
by them: the int8 readers run in under half their float time on AMX, two thirds of it on AVX2;
model card), and how a benchmark names them."""


def vector_extensions(flags: set[str]) -> str:
    """The CPU's vector extensions among ``flags`` (/proc/cpuinfo's), named, and whether it lacks AMX:
    two machines with one ``model name`` may differ here (one "AMD EPYC" with AVX-512, one without).

    >>> vector_extensions({"fpu", "avx2", "avx512f", "avx512_vnni", "avx512_bf16"})
    'AVX2, AVX-512, VNNI, BF16, no AMX'
    >>> vector_extensions({"avx2", "avx512f", "amx_tile"}), vector_extensions(set())
    ('AVX2, AVX-512, AMX', 'no AVX2, no AMX')
    """
    named = [name for flag, name in VECTOR_EXTENSIONS if flag in flags]
    if "avx2" not in flags:
        named.insert(0, "no AVX2")
    if "amx_tile" not in flags:
        named.append("no AMX")
    return ", ".join(named)


def cpu_flags() -> set[str]:
    """The CPU's flags from /proc/cpuinfo (empty where there is none)."""
    return set((proc_field("/proc/cpuinfo", "flags") or "").split())


def memory_gib() -> float | None:
    """Total RAM in GiB from /proc/meminfo."""
    total = proc_field("/proc/meminfo", "MemTotal:")
    return round(int(total.split()[0]) / 1024**2, 1) if total else None


def nproc() -> int:
    """CPUs this process may run on (what ``nproc`` prints)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()


def describe() -> str:
    """One line: CPUs, model and vector extensions, RAM, Python, numpy, UTC time."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"machine: {nproc()} CPUs (nproc), {cpu_model()} ({vector_extensions(cpu_flags())}), "
            f"{memory_gib()} GiB RAM; "
            f"Python {platform.python_version()}, numpy {np.__version__}; {now}")


def header(title: str) -> None:
    print(f"== {title}")
    print(describe())


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}/s" if seconds > 0 else "inf/s"

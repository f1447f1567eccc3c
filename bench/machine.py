"""What every benchmark prints first: the machine and the date, so a figure is never quoted bare."""

from __future__ import annotations

import datetime
import os
import platform

import numpy as np


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo (``model name``), or the platform's guess elsewhere."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


VECTOR_EXTENSIONS = (("avx2", "AVX2"), ("avx512f", "AVX-512"), ("avx512_vnni", "VNNI"), ("avx512_bf16", "BF16"),
                     ("amx_tile", "AMX"))
"""/proc/cpuinfo's flags that decide the models' speed (oneDNN and onnxruntime choose their kernels
by them: an int8 reader on AMX runs in half its time on AVX2), and how a benchmark names them."""


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
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


def memory_gib() -> float | None:
    """Total RAM in GiB from /proc/meminfo."""
    try:
        with open("/proc/meminfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("MemTotal:"):
                    return round(int(line.split()[1]) / 1024**2, 1)
    except OSError:
        pass
    return None


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

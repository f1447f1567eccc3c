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
    """One line: CPUs, model, RAM, Python, numpy, UTC time."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"machine: {nproc()} CPUs (nproc), {cpu_model()}, {memory_gib()} GiB RAM; "
            f"Python {platform.python_version()}, numpy {np.__version__}; {now}")


def header(title: str) -> None:
    print(f"== {title}")
    print(describe())


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}/s" if seconds > 0 else "inf/s"

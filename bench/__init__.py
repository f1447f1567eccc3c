"""Benchmarks: one command each (``.venv/bin/python -m bench.NAME``), results in docs/performance.md."""

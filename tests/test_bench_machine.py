"""What every benchmark prints first names the machine well enough to compare figures: the same
``model name`` may hide other vector extensions (an "AMD EPYC" with AVX-512 and one without; the
int8 readers run in under half their float time on AMX, two thirds of it on AVX2), so the header
names them."""

import doctest

import pytest

from bench import machine


def test_docstring_examples():
    assert doctest.testmod(machine).failed == 0


@pytest.mark.parametrize("flags, named", [
    ({"sse2", "avx2"}, "AVX2, no AMX"),
    ({"avx2", "avx512f", "avx512_vnni", "avx512_bf16"}, "AVX2, AVX-512, VNNI, BF16, no AMX"),
    ({"avx2", "avx512f", "avx512_vnni", "avx512_bf16", "amx_tile"}, "AVX2, AVX-512, VNNI, BF16, AMX"),
    (set(), "no AVX2, no AMX"),
])
def test_the_header_names_the_vector_extensions(flags, named):
    assert machine.vector_extensions(flags) == named


def test_the_header_line_holds_this_machines_extensions():
    line = machine.describe()
    assert line.startswith("machine: ") and f"({machine.vector_extensions(machine.cpu_flags())})" in line

"""The reader the service loads is the float reader quantized to int8 (``vision_models.quantize``,
run by ``make model``): it must read what the float reader reads."""

import json
from pathlib import Path

import pytest

from service.vision.reader import LABELS_FILE, MODEL_DIR, MODEL_FILE, load_reader
from vision_models import quantize
from vision_models.dataset import make_dataset

AGREEMENT = 0.98
"""The share of patches on which the int8 reader's best class must be the float reader's (the
committed one agrees on 99.2-99.7 % of 2,000 generated patches of a seed, on 98.7 % of 600)."""
ACCURACY_LOST = 0.005
"""How much lower than the float reader's its patch accuracy may be (measured: 0.1-0.2 points)."""


@pytest.fixture(scope="module")
def patches():
    """Generated patches of a seed that neither training nor calibration used."""
    patches, labels = make_dataset(31, 1200)
    return patches[:1200], labels[:1200]


@pytest.fixture(scope="module")
def float_reader(tmp_path_factory):
    """The committed float reader alone: its directory with a label map that names no ``models``."""
    directory = tmp_path_factory.mktemp("float")
    labels = json.loads((MODEL_DIR / LABELS_FILE).read_text())
    del labels["models"]
    (directory / LABELS_FILE).write_text(json.dumps(labels))
    (directory / MODEL_FILE).write_bytes((MODEL_DIR / MODEL_FILE).read_bytes())
    return load_reader(directory, patches_only=True)


def reads_as(int8, float_reader, patches) -> bool:
    """Whether ``int8`` reads ``patches`` (patches, labels) as ``float_reader`` does: the same best
    class on at least ``AGREEMENT`` of them, and nearly as many right."""
    x, y = patches
    best, float_best = int8.probabilities(x).argmax(1), float_reader.probabilities(x).argmax(1)
    return (best == float_best).mean() >= AGREEMENT and (best == y).mean() >= (float_best == y).mean() - ACCURACY_LOST


def test_the_service_loads_the_int8_reader():
    labels = json.loads((MODEL_DIR / LABELS_FILE).read_text())
    assert labels["models"] == [quantize.int8_name(MODEL_FILE)] == ["card_reader.int8.onnx"]
    assert len(load_reader(MODEL_DIR, patches_only=True).sessions) == 1
    assert (MODEL_DIR / labels["models"][0]).stat().st_size < (MODEL_DIR / MODEL_FILE).stat().st_size / 2


def test_the_committed_int8_reader_reads_as_the_float_one(float_reader, patches):
    assert reads_as(load_reader(MODEL_DIR, patches_only=True), float_reader, patches)


def test_make_model_quantizes_as_the_committed_reader_was():
    """``make model`` runs the quantizer with its defaults: they are what the label map records."""
    recorded = json.loads((MODEL_DIR / LABELS_FILE).read_text())["quantization"]
    assert (recorded["calibration_patches"], recorded["calibration_seed"]) == \
        (quantize.CALIBRATION_PATCHES, quantize.CALIBRATION_SEED)
    assert recorded["float_nodes"] == ["/0/Conv", "/20/linear/Gemm"]   # the stem and the head
    assert "-m vision_models.quantize\n" in (Path(__file__).parents[1] / "Makefile").read_text()


def test_quantizing_keeps_the_readings(tmp_path, float_reader, patches):
    """The quantizer run again (fewer calibration patches, for time) on the committed float reader."""
    for name in (MODEL_FILE, LABELS_FILE):
        (tmp_path / name).write_bytes((MODEL_DIR / name).read_bytes())
    labels = quantize.quantize(tmp_path, patches=300)
    assert labels["models"] == ["card_reader.int8.onnx"]
    assert labels["quantization"]["float_nodes"] == ["/0/Conv", "/20/linear/Gemm"]
    assert reads_as(load_reader(tmp_path, patches_only=True), float_reader, patches)


"""The readers the service loads are the float readers quantized to int8 (``vision_models.quantize``,
run by ``make model``): they must read what the float readers read."""

import json
from pathlib import Path

import pytest

from service.vision.reader import LABELS_FILE, MODEL_DIR, float_readers, load_reader
from vision_models import quantize
from vision_models.dataset import make_dataset

AGREEMENT = 0.98
"""The share of patches on which the int8 reader's best class must be the float reader's (4.8.0's
agrees on 99.2-99.7 % of 2,000 generated patches of a seed, on 98.7 % of 600)."""
ACCURACY_LOST = 0.005
"""How much lower than the float reader's its patch accuracy may be (measured: 0.1-0.2 points)."""
LABELS = json.loads((MODEL_DIR / LABELS_FILE).read_text())


@pytest.fixture(scope="module")
def patches():
    """Generated patches and their labels, of a seed that neither training nor calibration used."""
    patches, labels = make_dataset(31, 1200)
    return patches[:1200], labels[:1200]


def copy_float_readers(directory: Path) -> Path:
    """The committed float readers and their label map without ``models``, in ``directory``."""
    labels = {key: value for key, value in LABELS.items() if key not in ("models", "quantization")}
    (directory / LABELS_FILE).write_text(json.dumps(labels))
    for name in float_readers(labels):
        (directory / name).write_bytes((MODEL_DIR / name).read_bytes())
    return directory


@pytest.fixture(scope="module")
def float_reader(tmp_path_factory):
    """The committed float readers, averaged as the service averages the int8 ones."""
    return load_reader(copy_float_readers(tmp_path_factory.mktemp("float")), patches_only=True)


def reads_as(int8, float_reader, patches) -> bool:
    """Whether ``int8`` reads ``patches`` (patches, labels) as ``float_reader`` does: the same best
    class on at least ``AGREEMENT`` of them, and nearly as many right."""
    x, y = patches
    best, float_best = int8.probabilities(x).argmax(1), float_reader.probabilities(x).argmax(1)
    return (best == float_best).mean() >= AGREEMENT and (best == y).mean() >= (float_best == y).mean() - ACCURACY_LOST


def test_the_service_loads_the_int8_readers():
    assert LABELS["models"] == [quantize.int8_name(name) for name in float_readers(LABELS)]
    assert len(load_reader(MODEL_DIR, patches_only=True).sessions) == len(LABELS["models"])
    for int8, name in zip(LABELS["models"], float_readers(LABELS)):
        assert (MODEL_DIR / int8).stat().st_size < (MODEL_DIR / name).stat().st_size / 2


def test_a_trained_run_not_yet_quantized_runs_its_float_readers(float_reader):
    assert len(float_reader.sessions) == len(float_readers(LABELS))


def test_the_committed_int8_readers_read_as_the_float_ones(float_reader, patches):
    assert reads_as(load_reader(MODEL_DIR, patches_only=True), float_reader, patches)


def test_make_model_quantizes_as_the_committed_readers_were():
    """``make model`` runs the quantizer with its defaults: they are what the label map records."""
    recorded = LABELS["quantization"]
    assert (recorded["calibration_patches"], recorded["calibration_seed"]) == \
        (quantize.CALIBRATION_PATCHES, quantize.CALIBRATION_SEED)
    assert recorded["from"] == float_readers(LABELS)
    assert recorded["float_nodes"] == ["/0/Conv", "/20/linear/Gemm"]   # the stem and the head
    assert "-m vision_models.quantize\n" in (Path(__file__).parents[1] / "Makefile").read_text()


def test_quantizing_keeps_the_readings(tmp_path, float_reader, patches):
    """The quantizer run again (fewer calibration patches, for time) on the committed float readers."""
    labels = quantize.quantize(copy_float_readers(tmp_path), patches=300)
    assert labels["models"] == LABELS["models"]
    assert labels["quantization"]["float_nodes"] == ["/0/Conv", "/20/linear/Gemm"]
    assert reads_as(load_reader(tmp_path, patches_only=True), float_reader, patches)


@pytest.mark.parametrize("recorded, by_area", [({}, False), ({"patch_cut": "area"}, True)])
def test_the_quantizer_calibrates_on_patches_cut_as_the_readers_were_taught(tmp_path, monkeypatch, recorded, by_area):
    """``train --patch-cut area`` is recorded in the label map's training record, and the quantizer's
    calibration patches are then cut the same way; with no record, sampled, as the committed
    readers (4.26.0's) were taught."""
    directory = copy_float_readers(tmp_path)
    labels = json.loads((directory / LABELS_FILE).read_text())
    labels["training"] = {**labels["training"], **recorded}
    (directory / LABELS_FILE).write_text(json.dumps(labels))
    asked = []

    def calibration(seed, count, by_area=False):
        asked.append(by_area)
        return make_dataset(seed, 40, by_area=by_area)

    monkeypatch.setattr(quantize, "make_dataset", calibration)
    monkeypatch.setattr(quantize, "quantize_reader", lambda source, target, patches: [])
    quantize.quantize(directory, patches=40)
    assert asked == [by_area]

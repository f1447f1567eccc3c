"""The card readers in int8, the files the service loads: onnxruntime's static quantization of the
float readers that :mod:`vision_models.train` writes (``make model`` runs it after the trainers)::

    python -m vision_models.quantize                       # vision_models/card_reader.onnx -> card_reader.int8.onnx, ...
    python -m vision_models.quantize --model-dir /tmp/run  # a trained run's readers

Weights int8 per output channel, activations uint8 (QDQ format), their ranges set by percentile
calibration on generated patches of a seed no reader trains on. The stem (the 5x5 convolution of the
colour patch) and the head (the linear layer) stay float: quantized too, the reader read 5 points
fewer of its patches (the lab notebook, session of 19:34 UTC, 2026-12-03); without them it reads as
the float reader at about two thirds of its time (AVX2; under half with AVX512-VNNI and AMX).
``labels.json`` then names the quantized files in ``models`` (the service averages them) and how
they were made in ``quantization``. Needs the ``onnx`` and ``sympy`` packages (the ``train`` and
``test`` extras).
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import numpy as np

from service.vision.reader import LABELS_FILE, MODEL_DIR, float_readers, reader_input

from .dataset import make_dataset

CALIBRATION_SEED = 7
"""The generator's seed for the calibration patches: no trainer, tuning draw or test uses it."""
CALIBRATION_PATCHES = 2000
CALIBRATION_BATCH = 50


def int8_name(float_name: str) -> str:
    """The int8 file made of the float reader ``float_name``.

    >>> int8_name("card_reader.onnx")
    'card_reader.int8.onnx'
    """
    return float_name.removesuffix(".onnx") + ".int8.onnx"


def kept_in_float(model) -> list[str]:
    """The nodes of the reader's graph ``model`` (an ``onnx.ModelProto``) that stay float: the first
    convolution (the stem, reading the colour patch) and the linear head (``Gemm``)."""
    nodes = model.graph.node
    stem = next(node.name for node in nodes if node.op_type == "Conv")
    return [stem] + [node.name for node in nodes if node.op_type in ("Gemm", "MatMul")]


class Calibration:
    """onnxruntime's ``CalibrationDataReader``: the calibration patches, in batches, as the reader's
    input (:func:`service.vision.reader.reader_input`)."""

    def __init__(self, patches: np.ndarray, batch: int = CALIBRATION_BATCH):
        self.batches = iter([reader_input(patches[i:i + batch]) for i in range(0, len(patches), batch)])

    def get_next(self):
        batch = next(self.batches, None)
        return None if batch is None else {"patches": batch}


def quantize_reader(source: str | Path, target: str | Path, patches: np.ndarray) -> list[str]:
    """The float reader ``source`` quantized into ``target``, calibrated on ``patches`` (uint8 BGR,
    ``(N, H, W, 3)``); returns the nodes kept in float."""
    import onnx
    from onnxruntime.quantization import CalibrationMethod, QuantFormat, QuantType, quantize_static
    from onnxruntime.quantization.shape_inference import quant_pre_process

    with tempfile.TemporaryDirectory() as scratch:
        prepared = Path(scratch) / "prepared.onnx"   # shapes inferred and the graph folded first
        quant_pre_process(str(source), str(prepared))
        floating = kept_in_float(onnx.load(str(prepared)))
        quantize_static(str(prepared), str(target), Calibration(patches), quant_format=QuantFormat.QDQ,
                        per_channel=True, weight_type=QuantType.QInt8, activation_type=QuantType.QUInt8,
                        calibrate_method=CalibrationMethod.Percentile, nodes_to_exclude=floating)
    return floating


def quantize(model_dir: str | Path = MODEL_DIR, patches: int = CALIBRATION_PATCHES,
             seed: int = CALIBRATION_SEED) -> dict:
    """``model_dir``'s float readers quantized beside them, and its ``labels.json`` pointed at them;
    calibrated on patches cut as its training record says the readers were taught (``train
    --patch-cut``)."""
    model_dir = Path(model_dir)
    labels = json.loads((model_dir / LABELS_FILE).read_text())
    by_area = labels.get("training", {}).get("patch_cut") == "area"
    calibration = make_dataset(seed, patches, by_area=by_area)[0][:patches]
    sources = float_readers(labels)
    floating = [quantize_reader(model_dir / name, model_dir / int8_name(name), calibration) for name in sources]
    labels["models"] = [int8_name(name) for name in sources]
    labels["quantization"] = {"from": sources, "weights": "int8 per channel", "activations": "uint8",
                              "format": "QDQ", "calibration": "percentile", "calibration_patches": patches,
                              "calibration_seed": seed, "float_nodes": floating[0]}
    (model_dir / LABELS_FILE).write_text(json.dumps(labels, indent=2) + "\n")
    print(f"wrote {', '.join(labels['models'])} in {model_dir} (float: {', '.join(floating[0])})", flush=True)
    return labels


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model-dir", default=str(MODEL_DIR))
    parser.add_argument("--patches", type=int, default=CALIBRATION_PATCHES)
    parser.add_argument("--seed", type=int, default=CALIBRATION_SEED)
    args = parser.parse_args(argv)
    quantize(args.model_dir, args.patches, args.seed)


if __name__ == "__main__":
    main()

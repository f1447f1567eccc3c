"""Train the index spotter alone and export it to ONNX: ``python -m vision_models.train_spotter``
(how 4.3.x's spotter was made; since 4.4.0 ``make model`` trains it with the card finder as one
network, :mod:`vision_models.train_maps`, and this trainer is for experiments).

CPU only, seeded: the generator makes whole scenes with their index corners and outlines
(:mod:`vision_models.spotter_data`), the card finder's encoder-decoder (nine maps instead of two)
learns them, and the model is written to ``card_spotter.onnx`` in ``--out``, a temporary directory
by default (input ``image``: 1x3xHxW BGR in 0..1, H and W multiples of 16; output ``maps``:
1x9x(H/2)x(W/2), the index map's logit and the eight corner offsets). Needs the optional extra ``train``::

    python -m vision_models.train_spotter --real ../shared/data/real-photos --out DIR   # 4.3.x's spotter
    python -m vision_models.train_spotter --scenes 64 --epochs 1 --out /tmp/spotter   # a quick smoke run
"""

from __future__ import annotations

from functools import partial

import numpy as np

from service.vision.spotter import OFFSET_UNIT, OUTPUT_STRIDE, PAD_TO, SPOTTER_FILE, SPOTTER_SIDE, SPOTTER_SPEC

from .dense import export_dense, fit, real_photo_arguments, training_data, validation_maps
from .spotter_data import make_spotter_dataset
from .real import real_spotter_examples
from .train import training_arguments
from .train_finder import build_finder, photometric

SPOTTER_SPEC_FIELDS = {"file": SPOTTER_FILE, "side": SPOTTER_SIDE, "output_stride": OUTPUT_STRIDE,
                       "pad_to": PAD_TO, "offset_unit": OFFSET_UNIT}   # what the service checks (``check_spotter``)
OFFSET_WEIGHT = 1.0     # the corner offsets' share of the loss against the index map's
PRIOR = 0.1             # the index map's starting probability everywhere (CenterNet's bias of -2.19):
                        # from 0.5 the negatives' loss swamps the few peaks' for the first epoch


def spotter_loss(torch, maps, heat, offsets, near, trusted):
    """The index map's penalty-reduced focal loss (CenterNet's: a peak is 1, its neighbours count
    less as negatives the nearer they are) per peak, over the ``trusted`` pixels, plus the L1 error
    of the corner offsets at the pixels near a peak (``near``)."""
    probability = torch.sigmoid(maps[:, 0]).clamp(1e-4, 1 - 1e-4)
    peak = (heat >= 0.999).float() * trusted
    positive = -torch.log(probability) * (1 - probability) ** 2 * peak
    negative = -torch.log(1 - probability) * probability ** 2 * (1 - heat) ** 4 * (trusted - peak)
    focal = (positive.sum() + negative.sum()) / peak.sum().clamp(min=1)
    error = (maps[:, 1:] - offsets).abs().sum(dim=1) * near
    return focal + OFFSET_WEIGHT * error.sum() / near.sum().clamp(min=1)


def spotter_batch_loss(torch, forward, batch):
    """One training batch's loss (``batch``: scenes, index map, offsets, near and trusted masks as
    tensors), through ``forward`` (the network's forward pass, :func:`vision_models.train.forward_in`)."""
    images, heat, offsets, near, trusted = batch
    x = photometric(torch, images).contiguous(memory_format=torch.channels_last)
    return spotter_loss(torch, forward(x), heat.float() / 255, offsets.float(), near.float(), trusted.float())


def spot_recall(torch, maps, heat, offsets, near) -> tuple[float, float]:
    """On the validation scenes (``maps`` the spotter's, a tensor): the share of true peaks with a
    predicted peak (over 0.3) within a map pixel, and the median error of the corners there, in
    map pixels."""
    probability = torch.sigmoid(maps[:, :1])
    peaks = (probability >= torch.nn.functional.max_pool2d(probability, 3, 1, 1)) & (probability > 0.3)
    peaks = torch.nn.functional.max_pool2d(peaks.float(), 3, 1, 1)[:, 0].numpy() > 0
    truth = heat == 255
    total = int(truth.sum())
    diff = (maps[:, 1:].numpy() - offsets.astype(np.float32)) * OFFSET_UNIT
    errors = np.linalg.norm(diff.reshape(len(diff), 4, 2, *diff.shape[2:]), axis=2).mean(axis=1)[truth & near]
    return int((peaks & truth).sum()) / max(total, 1), float(np.median(errors)) if total else 0.0


def train(args) -> dict:
    import torch

    data, validation, real_count, started = training_data(torch, args, make_spotter_dataset, real_spotter_examples)
    model = build_finder(outputs=9).to(memory_format=torch.channels_last)
    with torch.no_grad():
        model.head.bias[0] = float(np.log(PRIOR / (1 - PRIOR)))

    def validate(model):
        recall, error = spot_recall(torch, validation_maps(torch, model, validation[0]), *validation[1:4])
        return {"spots found": recall, "corner error (map px)": error}

    figures = fit(torch, model, data, args, partial(spotter_batch_loss, torch), validate, started)
    return export_dense(torch, model, args, SPOTTER_SPEC_FIELDS, SPOTTER_SPEC, "maps",
                        {"validation_spots_found": round(figures["spots found"], 4),
                         "validation_corner_error_px": round(figures["corner error (map px)"], 3)},
                        len(data[0]), real_count, started)


def arguments():
    """This trainer's options, its output a temporary directory unless ``--out`` names one (since
    4.4.0 ``make model`` trains the finder and the spotter as one network, :mod:`vision_models.train_maps`)."""
    parser = training_arguments(__doc__, epochs=10, batch=32, experiment="muggins-index-spotter")
    parser.add_argument("--scenes", type=int, default=4000)
    real_photo_arguments(parser, "real photos (images/, labels.json): add the 'fit' half of their training split "
                                 "(the cards whose two index boxes are labelled; the others left out of the loss)")
    return parser


def main(argv=None):
    train(arguments().parse_args(argv))


if __name__ == "__main__":
    main()

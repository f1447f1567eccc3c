"""Train the card finder alone and export it to ONNX: ``python -m vision_models.train_finder`` (how
4.1.0-4.3.1's finder was made; since 4.4.0 ``make model`` trains it with the index spotter as one
network, :mod:`vision_models.train_maps`, and this trainer is for experiments).

CPU only, seeded: the generator makes whole scenes with their card and seam masks
(:mod:`vision_models.finder_data`), a small encoder-decoder learns them, and the model is written to
``card_finder.onnx`` in ``--out``, a temporary directory by default (input ``image``: 1x3xHxW BGR
in 0..1, H and W multiples of 16; output ``logits``: 1x2x(H/2)x(W/2), card and seam). Its forward
pass runs in bfloat16 where the CPU computes it natively (``--precision auto``, the default here;
4.3.1's finder was trained so, on AVX512-BF16, its epochs in about half the float32 time), in
float32 elsewhere (a slightly different model). Needs the optional extra ``train``::

    python -m vision_models.train_finder --out DIR   # 4.3.1's finder
    python -m vision_models.train_finder --scenes 64 --epochs 1 --out /tmp/finder   # a quick smoke run
"""

from __future__ import annotations

from functools import partial

import numpy as np

from service.vision.finder import FINDER_FILE, FINDER_SIDE, FINDER_SPEC, OUTPUT_STRIDE, PAD_TO

from .dense import export_dense, fit, real_photo_arguments, training_data, validation_maps
from .finder_data import make_finder_dataset
from .real import real_finder_examples
from .train import training_arguments

FINDER_SPEC_FIELDS = {"file": FINDER_FILE, "side": FINDER_SIDE, "output_stride": OUTPUT_STRIDE,
                      "pad_to": PAD_TO}    # what the service checks (``finder.check_finder``)
SEAM_WEIGHT = 2.0       # the seam map's share of the loss
SEAM_POSITIVE = 20.0    # a seam pixel's weight against a non-seam one: seams are thin (about 0.4 % of
                        # the pixels), and without it the finder learns to draw none


def build_finder(outputs: int = 2):
    """An encoder to 1/16 with dilated layers and a pooled summary of the whole photo (context for
    a card that fills the picture) and a light decoder back to 1/2 with skips; about 183k weights.
    ``outputs``: the maps at 1/2 (the finder's two; the index spotter's nine)."""
    import torch
    import torch.nn as nn

    def block(cin, cout, stride=1, dilation=1, kernel=3):
        pad = dilation * (kernel // 2)
        return nn.Sequential(nn.Conv2d(cin, cout, kernel, stride, pad, dilation, bias=False),
                             nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    class Finder(nn.Module):
        def __init__(self):
            super().__init__()
            self.at_half = block(3, 16, 2)                                              # 1/2
            self.quarter = nn.Sequential(block(16, 24, 2), block(24, 24))            # 1/4
            self.eighth = nn.Sequential(block(24, 48, 2), block(48, 48))             # 1/8
            self.sixteenth = nn.Sequential(block(48, 64, 2), block(64, 64, dilation=2),
                                           block(64, 64, dilation=4))                # 1/16
            self.context = nn.Sequential(nn.Conv2d(64, 64, 1), nn.ReLU(inplace=True))  # the whole photo
            self.up8 = nn.Sequential(block(64 + 48, 48, kernel=1), block(48, 48))
            self.up4 = nn.Sequential(block(48 + 24, 24, kernel=1), block(24, 24))
            self.up2 = nn.Sequential(block(24 + 16, 16, kernel=1), block(16, 16))
            self.head = nn.Conv2d(16, outputs, 1)

        def forward(self, x):
            up = nn.functional.interpolate
            h2 = self.at_half(x)
            h4 = self.quarter(h2)
            h8 = self.eighth(h4)
            h16 = self.sixteenth(h8)
            h16 = h16 + self.context(h16.mean(dim=(2, 3), keepdim=True))  # a card may fill the photo
            d8 = self.up8(torch.cat([up(h16, scale_factor=2.0, mode="nearest"), h8], 1))
            d4 = self.up4(torch.cat([up(d8, scale_factor=2.0, mode="nearest"), h4], 1))
            d2 = self.up2(torch.cat([up(d4, scale_factor=2.0, mode="nearest"), h2], 1))
            return self.head(d2)

    return Finder()


def photometric(torch, images):
    """Images ``(N, H, W, 3)`` uint8 -> ``(N, 3, H, W)`` float in 0..1, each with its contrast,
    brightness and colour balance jittered (what both dense networks are trained on)."""
    x = images.permute(0, 3, 1, 2).float() / 255
    n = x.shape[0]
    contrast = torch.empty(n, 1, 1, 1).uniform_(0.7, 1.3)
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    x = (x - mean) * contrast + mean + torch.empty(n, 1, 1, 1).uniform_(-0.1, 0.1)
    return (x * torch.empty(n, 3, 1, 1).uniform_(0.9, 1.1)).clamp(0, 1)


def _augment(torch, images, targets, weights):
    """Photometric jitter, and a random quarter turn and mirror (the masks turned alike)."""
    x = photometric(torch, images)
    t, w = targets.float() / 255, weights.float().unsqueeze(1)
    turns = int(torch.randint(0, 4, (1,)))
    x, t, w = (torch.rot90(v, turns, dims=(2, 3)) for v in (x, t, w))
    if bool(torch.rand(1) < 0.5):
        x, t, w = (torch.flip(v, dims=(3,)) for v in (x, t, w))
    return x, t, w


def finder_loss(torch, logits, targets, weights):
    """Binary cross-entropy per map, padding left out, seams and seam pixels weighted up."""
    positive = torch.tensor([1.0, SEAM_POSITIVE]).view(2, 1, 1)
    bce = torch.nn.functional.binary_cross_entropy_with_logits(logits, targets, reduction="none",
                                                               pos_weight=positive)
    per_map = (bce * weights).sum(dim=(0, 2, 3)) / weights.sum().clamp(min=1)
    return per_map[0] + SEAM_WEIGHT * per_map[1]


def finder_batch_loss(torch, forward, batch):
    """One training batch's loss (``batch``: scenes, masks and weights as uint8 tensors), through
    ``forward`` (the network's forward pass, :func:`vision_models.train.forward_in`)."""
    x, t, w = _augment(torch, *batch)
    return finder_loss(torch, forward(x.contiguous(memory_format=torch.channels_last)), t, w)


def mask_iou(logits, targets, weights) -> tuple[float, float]:
    """Intersection over union of the predicted (``logits`` over 0) and true card and seam masks
    (validation scenes, where they weigh)."""
    predicted, truth, valid = logits > 0, targets > 127, weights[:, None].astype(bool)
    inter = (predicted & truth & valid).sum(axis=(0, 2, 3))
    union = ((predicted | truth) & valid).sum(axis=(0, 2, 3))
    return tuple(float(v) for v in inter / np.maximum(union, 1))


def train(args) -> dict:
    import torch

    data, validation, real_count, started = training_data(torch, args, make_finder_dataset, real_finder_examples)
    # Channels-last tensors: the same sums in another memory layout, a step 18 % faster (2 AVX2 cores).
    model = build_finder().to(memory_format=torch.channels_last)

    def validate(model):
        card_iou, seam_iou = mask_iou(validation_maps(torch, model, validation[0]).numpy(), *validation[1:])
        return {"IoU card": card_iou, "seam": seam_iou}

    figures = fit(torch, model, data, args, partial(finder_batch_loss, torch), validate, started)
    return export_dense(torch, model, args, FINDER_SPEC_FIELDS, FINDER_SPEC, "logits",
                        {"validation_card_iou": round(figures["IoU card"], 4),
                         "validation_seam_iou": round(figures["seam"], 4)},
                        len(data[0]), real_count, started)


def arguments():
    """This trainer's options, its output a temporary directory unless ``--out`` names one (since
    4.4.0 ``make model`` trains the finder and the spotter as one network, :mod:`vision_models.train_maps`)."""
    parser = training_arguments(__doc__, epochs=5, batch=32, precision="auto", experiment="muggins-card-finder")
    parser.add_argument("--scenes", type=int, default=6000)
    real_photo_arguments(parser, "real photos (images/, labels.json): add the 'fit' half of their training split "
                                 "(an experiment, off by default; see the model card)")
    return parser


def main(argv=None):
    train(arguments().parse_args(argv))


if __name__ == "__main__":
    main()

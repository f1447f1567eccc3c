"""Train the pips' suit model and export it to ONNX: ``python -m vision_models.train_pips`` (part of
``make model``).

CPU only, seeded: the generator's scenes give pip crops labelled with their card's suit
(:mod:`vision_models.pip_data`), a small CNN learns them, and the model is written to
``vision_models/card_pips.onnx`` (input ``pips``: Nx1x24x24 grey, ink 1 and paper 0; output
``logits``: Nx4, suits in the order of :data:`service.vision.pips.SUITS`). Needs the optional extra
``train``::

    python -m vision_models.train_pips --pips 100000 --epochs 10 --threads 2   # the committed model
    python -m vision_models.train_pips --pips 2000 --epochs 1 --out /tmp/pips  # a quick smoke run
"""

from __future__ import annotations

import time
from functools import partial

import numpy as np

from service.vision.face import FACE_H, FACE_W
from service.vision.pips import PIP_SIDE, PIPS_FILE, PIPS_SPEC, SUITS

from .pip_data import SUIT_SHAPES_SHARE, make_pip_dataset
from .train import add_suit_shapes_option, forward_in, generate, training_arguments, training_precision, write_onnx


def build_pip_model():
    """Five 3x3 conv-BN-ReLU layers (16-16-32-32-64 channels, two max-pools), global average
    pooling, dropout 0.2 and a linear layer to the four suits; about 33k weights."""
    import torch.nn as nn

    def block(cin, cout):
        return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout),
                             nn.ReLU(inplace=True))

    return nn.Sequential(block(1, 16), block(16, 16), nn.MaxPool2d(2), block(16, 32), block(32, 32),
                         nn.MaxPool2d(2), block(32, 64), nn.AdaptiveAvgPool2d(1), nn.Flatten(),
                         nn.Dropout(0.2), nn.Linear(64, len(SUITS)))


def _augment(torch, x):
    """Each pip mirrored, turned upside down and turned a quarter, each at random (a suit symbol is
    mirror-symmetric, a card's lower pips are printed upside down, and an outline read the wrong
    way round turns them a quarter); shaded across (glossy or shaded pips, as some decks print
    them), its contrast scaled, a batch in three blurred, and noise added."""
    n = len(x)
    for flip in (lambda v: v.flip(3), lambda v: v.flip(2), lambda v: v.transpose(2, 3)):
        chosen = (torch.rand(n) < 0.5).view(n, 1, 1, 1)
        x = torch.where(chosen, flip(x), x)
    across = torch.linspace(0, 1, x.shape[-1])
    angle = torch.rand(n, 1, 1, 1) * 6.2832
    ramp = torch.cos(angle) * across.view(1, 1, 1, -1) + torch.sin(angle) * across.view(1, 1, -1, 1)
    shade = torch.rand(n, 1, 1, 1) * 0.6 * (torch.rand(n, 1, 1, 1) < 0.4)
    x = x * (1 - shade * (ramp - ramp.amin(dim=(2, 3), keepdim=True)) / 2)
    x = x * torch.empty(n, 1, 1, 1).uniform_(0.7, 1.1)
    if bool(torch.rand(1) < 1 / 3):
        kernel = torch.tensor([[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]).view(1, 1, 3, 3) / 16
        x = torch.nn.functional.conv2d(torch.nn.functional.pad(x, (1, 1, 1, 1), mode="replicate"), kernel)
    return x + torch.randn_like(x) * 0.03


def pips_batch_loss(torch, forward, pips, labels):
    """One training batch's loss: ``pips`` (float, N x 1 x side x side) jittered, through
    ``forward`` (:func:`vision_models.train.forward_in`), cross-entropy with label smoothing 0.05."""
    batch = _augment(torch, pips).contiguous(memory_format=torch.channels_last)
    return torch.nn.functional.cross_entropy(forward(batch), labels, label_smoothing=0.05)


def accuracy(torch, model, x, y) -> float:
    model.eval()
    with torch.no_grad():
        logits = torch.cat([model(torch.from_numpy(x[i:i + 1024]).float()[:, None])
                            for i in range(0, len(x), 1024)])
    return float((logits.argmax(1).numpy() == y).mean())


def train(args) -> dict:
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    started = time.time()
    make = partial(make_pip_dataset, suit_shapes=args.suit_shapes)
    x, y = generate(args.seed, args.pips, args.threads, make)
    vx, vy = generate(args.seed + 1000, max(1000, args.pips // 20), args.threads, make)
    print(f"generated {len(y)} training and {len(vy)} validation pips in {time.time() - started:.0f} s "
          f"(per suit {np.bincount(y, minlength=len(SUITS)).tolist()})", flush=True)
    model = build_pip_model().to(memory_format=torch.channels_last)
    precision = training_precision(torch, args.precision)
    forward = forward_in(torch, model, precision)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * ((len(y) + args.batch - 1) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=steps)
    inputs, labels = torch.from_numpy(x).float()[:, None], torch.from_numpy(y)
    generator = torch.Generator().manual_seed(args.seed)
    for epoch in range(args.epochs):
        model.train()
        order = torch.randperm(len(y), generator=generator)
        total = 0.0
        for start in range(0, len(order), args.batch):
            idx = order[start:start + args.batch]
            loss = pips_batch_loss(torch, forward, inputs[idx], labels[idx])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(idx)
        valid = accuracy(torch, model, vx, vy)
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / len(y):.4f} validation pip accuracy {valid:.4f} "
              f"({time.time() - started:.0f} s)", flush=True)
    return export(torch, model, args, {"validation_pip_accuracy": round(valid, 4), "train_pips": int(len(y)),
                                       "epochs": args.epochs, "precision": precision,
                                       "suit_shapes": args.suit_shapes,
                                       "seconds": round(time.time() - started)})


def export(torch, model, args, training: dict) -> dict:
    spec = {"file": PIPS_FILE, "face": [FACE_W, FACE_H], "pip_side": PIP_SIDE, "suits": SUITS,
            "training": {**training, "seed": args.seed, "threads": args.threads}}
    return write_onnx(torch, model, torch.zeros(1, 1, PIP_SIDE, PIP_SIDE), args.out, PIPS_FILE, PIPS_SPEC, spec,
                      input_names=["pips"], output_names=["logits"],
                      dynamic_axes={"pips": {0: "n"}, "logits": {0: "n"}})


def arguments():
    """This trainer's options; with the Makefile's arguments their defaults rebuild the committed model."""
    parser = training_arguments(__doc__, epochs=10, batch=256)
    parser.add_argument("--pips", type=int, default=100_000)
    add_suit_shapes_option(parser, SUIT_SHAPES_SHARE, f"default {SUIT_SHAPES_SHARE}, the committed model's")
    return parser


def main(argv=None):
    train(arguments().parse_args(argv))


if __name__ == "__main__":
    main()

"""Train the corner-index reader and export it to ONNX: ``make model`` (``python -m vision_models.train``).

CPU only, seeded: the generator makes the patches (:mod:`vision_models.dataset`), a small CNN learns
them, and the model is written to ``vision_models/card_reader.onnx`` with ``labels.json`` (classes,
patch size, name and version); then a second reader of the same recipe from another seed (its own
patches and initialisation, ``--also-seeds``) is written beside it, ``card_reader_2.onnx``. The
service averages the two readers' probabilities once :mod:`vision_models.quantize` has made them
int8. Needs the optional extra ``train`` (PyTorch, onnx)::

    python -m vision_models.train --patches 66000 --epochs 5 --threads 2
    python -m vision_models.train --patches 4000 --epochs 1 --also-seeds --out /tmp/model   # a quick smoke run, one reader
    python -m vision_models.train --real ../shared/data/real-photos            # + real photos' training split
    python -m vision_models.train --dense-art 0.5 --out /tmp/dense   # dense court figures in half the scenes
    python -m vision_models.train --crowded 0.3 --out /tmp/crowded   # large pips and court symbols beside the index
    python -m vision_models.train --teachers DIR DIR --out /tmp/student   # distilled from readers averaged
    python -m vision_models.train --members 2 --out /tmp/pair   # two half-size readers averaged in one model
    python -m vision_models.train --average-last 3 --out /tmp/swa   # weights averaged over the last 3 epochs
    python -m vision_models.train --also-from-first --also-epochs 4 --out /tmp/snap   # the second reader trained on from the first
    python -m vision_models.train --reader-processes 2 --out /tmp/pair   # the two readers side by side, one thread each
    python -m vision_models.train --progressive 0 0 --out /tmp/whole   # every epoch whole (4.24.0's recipe)
    python -m vision_models.train --real ../shared/data/real-photos --real-scale epoch  # real patches shrunk too (PR)
    python -m vision_models.train --speckled 0.2 --out /tmp/speckled   # a fifth of the scenes on speckled stone
    python -m vision_models.train --light 0.15 --out /tmp/light   # ranks in a light weight in 15 % of the decks
    python -m vision_models.train --framed 0 --out /tmp/unframed  # no deck framed beside the index (4.25.0's recipe)
    python -m vision_models.train --frame-curls 0.6 --out /tmp/curls  # framed decks' frames curl in six of ten (FR)
    python -m vision_models.train --patch-cut area --out /tmp/area   # large cards' patches cut as the pipeline cuts them

With ``--real DIR``, patches cut from the real photos of the committed training split
(``vision_models/real_split.json``, see :mod:`vision_models.real`) are added ``--real-repeat`` times;
the held-out real photos are never read. With ``--teachers DIR ...``, the reader also learns the
mean probabilities of those readers (model directories) on each training patch: a distilled reader,
one network that reads as several averaged (Hinton, Vinyals and Dean, 2015).
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing as mp
import time
from functools import partial
from pathlib import Path

import numpy as np

from service.vision.geometry import CORNER_FX, CORNER_FY, PATCH_H, PATCH_W
from service.vision.reader import LABELS_FILE, MODEL_FILE, load_reader

from .dataset import DENSE_ART_SHARE, make_dataset
from .faces import CLASSES, RANKS, SUITS

MODEL_NAME = "muggins-corner-reader"
MODEL_VERSION = "4.34.0"
HERE = Path(__file__).resolve().parent


def factorized_head(width: int):
    """Rank and suit read apart: a standard card's logit is its rank's plus its suit's, so a rank
    learnt in one suit is known in all four (fewer examples per class needed, fonts generalize
    across suits); the special cards and NONE keep a logit each. The output is still one logit per
    class in ``CLASSES`` order, so the service reads it as before."""
    import torch
    import torch.nn as nn

    ranks, suits = len(RANKS), len(SUITS)
    extra = len(CLASSES) - ranks * suits

    class FactorizedHead(nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = nn.Linear(width, ranks + suits + extra)

        def forward(self, features):
            out = self.linear(features)
            rank, suit, rest = out[:, :ranks], out[:, ranks:ranks + suits], out[:, ranks + suits:]
            joint = (rank.unsqueeze(2) + suit.unsqueeze(1)).flatten(1)  # rank-major, as CLASSES
            return torch.cat([joint, rest], dim=1)

    return FactorizedHead()


ALSO_SEEDS = [20261204]
"""The seeds of the readers trained after the first (``--seed``): ``make model``'s second reader."""
READER_PROCESSES = 1
"""Readers trained at once (``--reader-processes``): ``make model``'s one after the other, each on
all the threads, as the committed readers were (side by side they train 1.17 times as fast, but
each on one thread, which sums in another order: not the committed files)."""
READER_CHANNELS = (24, 48, 64, 128)
"""The single reader's channels, layer by layer (times ``--width``)."""
MEMBER_CHANNELS = (16, 32, 48, 96)
"""Each member's channels in an ensemble (``--members``): about half the single reader's
multiply-adds, so that two members would cost about what one reader does. Measured with the
machine idle (one AVX2 core, session of 17:28 UTC, 2026-12-03), two take 32.6 ms for 48 patches
against the single reader's 26.6. Multiples of 16 because onnxruntime's blocked convolutions run
odd widths slowly: two members of 17, 34, 45, 90 channels took about twice as long."""


def network(channels: tuple, head: str = "factorized"):
    """A small CNN with ``channels`` ``(c1, c2, c3, c4)``: 5x5 stride-2 stem, four 3x3 layers, global
    pooling, then a factorized (rank + suit) or a joint (one logit per class) linear head."""
    import torch.nn as nn

    def block(cin, cout, kernel=3, stride=1):
        return [nn.Conv2d(cin, cout, kernel, stride, kernel // 2, bias=False), nn.BatchNorm2d(cout),
                nn.ReLU(inplace=True)]

    c1, c2, c3, c4 = channels
    last = factorized_head(c4) if head == "factorized" else nn.Linear(c4, len(CLASSES))
    return nn.Sequential(
        *block(3, c1, 5, 2), *block(c1, c2), nn.MaxPool2d(2),     # 19 x 10 (from 76 x 40)
        *block(c2, c3), *block(c3, c3), nn.MaxPool2d(2),          # 9 x 5
        *block(c3, c4),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2), last)


def ensemble(members: list):
    """``members`` (networks of one output) read as one network: while training, their logits
    stacked ``(members, N, classes)``, each member learning from its own loss
    (:func:`reader_batch_loss`); in eval mode and in the exported ONNX graph, the log of their mean
    probability, so the service's softmax of that output is the members' probabilities averaged
    (an ensemble in one file: the service and its reader code do not know it is one)."""
    import math

    import torch
    import torch.nn as nn

    class Ensemble(nn.Module):
        def __init__(self):
            super().__init__()
            self.members = nn.ModuleList(members)

        def forward(self, x):
            if self.training:
                return torch.stack([member(x) for member in self.members])
            log_probabilities = torch.stack([torch.log_softmax(member(x), dim=1) for member in self.members])
            return torch.logsumexp(log_probabilities, dim=0) - math.log(len(self.members))

    return Ensemble()


def build_model(head: str = "factorized", width: float = 1.0, members: int = 1):
    """The reader: one network of ``READER_CHANNELS`` (154,676 weights at ``width`` 1; 343,456 at
    1.5, an experiment, see the model card), or with ``members`` > 1 an :func:`ensemble` of that many
    networks of ``MEMBER_CHANNELS`` (85,036 weights each), each from its own initialisation."""
    channels = tuple(round(c * width) for c in (READER_CHANNELS if members == 1 else MEMBER_CHANNELS))
    if members == 1:
        return network(channels, head)
    return ensemble([network(channels, head) for _ in range(members)])


GREY_SHARE = 0.1
"""The share of training patches the jitter turns grey (``--grey-share``): a photo in greys has no
red ink to go by."""


def _augment(torch, x, grey_share: float = GREY_SHARE):
    """Photometric jitter on a uint8 batch (N, H, W, 3) -> float (N, 3, H, W) in 0..1; ``grey_share``
    of the patches turned grey (the same random draws at any share)."""
    x = x.permute(0, 3, 1, 2).float() / 255
    n = x.shape[0]
    gray = x.mean(dim=1, keepdim=True).expand_as(x)
    to_gray = (torch.rand(n, 1, 1, 1) < grey_share).float()
    x = x * (1 - to_gray) + gray * to_gray
    contrast = torch.empty(n, 1, 1, 1).uniform_(0.6, 1.4)
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    x = (x - mean) * contrast + mean + torch.empty(n, 1, 1, 1).uniform_(-0.15, 0.15)
    x = x * torch.empty(n, 3, 1, 1).uniform_(0.85, 1.15)
    invert = (torch.rand(n, 1, 1, 1) < 0.03).float()
    x = x * (1 - invert) + (1 - x) * invert
    return x.clamp(0, 1)


def training_batch(torch, patches, scale: float = 1.0, grey_share: float = GREY_SHARE):
    """``patches`` (uint8, N x H x W x 3) as the reader sees them in training: jittered
    (:func:`_augment`, ``grey_share`` of them turned grey), shrunk to ``scale`` of their size (an
    early epoch of ``--progressive``), channels last."""
    x = _augment(torch, patches, grey_share)
    if scale != 1.0:
        x = torch.nn.functional.interpolate(x, scale_factor=scale, mode="bilinear", antialias=True,
                                            align_corners=False)
    return x.contiguous(memory_format=torch.channels_last)


def epoch_scale(epoch: int, progressive: tuple[int, int]) -> float:
    """The patch size an epoch (from 0) trains at under ``--progressive HALF THREE_QUARTERS``: the
    first ``HALF`` epochs at half the size, the next ``THREE_QUARTERS`` at three quarters, the rest
    whole (progressive resizing: a half-size step costs 0.22-0.25 of a whole one and a
    three-quarter step 0.52-0.54 on 2 AVX-512 cores, ``python -m bench.training --sizes``; the
    global pooling lets one network read every size, and the last epochs settle it on the size the
    service cuts).

    >>> [epoch_scale(e, (2, 1)) for e in range(5)]
    [0.5, 0.5, 0.75, 1.0, 1.0]
    """
    half, three_quarters = progressive
    return 0.5 if epoch < half else 0.75 if epoch < half + three_quarters else 1.0


def shrunk_epochs(epochs: int) -> tuple[int, int]:
    """``--progressive``'s default for readers of ``epochs``: a third of them at half size, the next
    quarter at three quarters (4 and 3 of the recipe's 12, model 4.25.0), none in a short smoke run.

    >>> shrunk_epochs(12), shrunk_epochs(5), shrunk_epochs(2)
    ((4, 3), (1, 1), (0, 0))
    """
    return epochs // 3, epochs // 4


AVERAGE_LR_SHARE = 0.1
"""With ``--average-last``: the learning rate of the averaged epochs, as a share of the peak."""
AVERAGE_EVERY = 50
"""With ``--average-last``: the weights are added to the average every this many batches."""

DISTIL_WEIGHT = 0.5
"""A distilled reader's loss: this share from its teachers' probabilities, the rest from the labels."""
DISTIL_TEMPERATURE = 2.0
"""Teachers' and student's logits are divided by this before the softmax, so that the teachers'
second guesses (a blurred club's spade, a six's nine) weigh in the soft targets too."""


def shrunk_first(idx: np.ndarray, keep_whole: np.ndarray) -> tuple[np.ndarray, int]:
    """A batch's indices ``idx`` reordered with those that ``keep_whole`` (booleans over the
    training set) marks last, and where those start: under ``--progressive`` with ``--real-scale
    whole``, the patches shrunk with the epoch come first and the real photos' patches after them,
    read at their own size (:func:`batch_logits`).

    >>> shrunk_first(np.array([3, 0, 1, 4]), np.array([False, True, False, True, False]))
    (array([0, 4, 3, 1]), 2)
    """
    whole = keep_whole[idx]
    return np.concatenate([idx[~whole], idx[whole]]), int((~whole).sum())


def batch_logits(torch, forward, patches, scale: float = 1.0, whole_from: int | None = None,
                 grey_share: float = GREY_SHARE):
    """The reader's logits for a training batch (:func:`training_batch`) shrunk to ``scale``, but
    for the patches from ``whole_from`` on, read whole (a second pass, :func:`shrunk_first`)."""
    if scale == 1.0 or whole_from is None or whole_from >= len(patches):
        return forward(training_batch(torch, patches, scale, grey_share))
    shrunk = [forward(training_batch(torch, patches[:whole_from], scale, grey_share))] if whole_from else []
    return torch.cat(shrunk + [forward(training_batch(torch, patches[whole_from:], grey_share=grey_share))], dim=-2)


LABEL_SMOOTHING = 0.05
"""The reader's label smoothing (``--label-smoothing``): each label's target gives this share to
the classes evenly."""


def mixup_partners(rng: np.random.Generator, count: int, whole_from: int, alpha: float) -> tuple[np.ndarray, float]:
    """``--mixup ALPHA``: each of a batch's ``count`` patches' partner and the share of itself its
    blend keeps, drawn from Beta(``alpha``, ``alpha``) (mixup, Zhang et al., 2018). Partners are
    drawn within each part of the batch (:func:`shrunk_first`: the patches before ``whole_from``
    are shrunk with the epoch, those after it are read whole), so that a blend is one size.

    >>> partners, share = mixup_partners(np.random.default_rng(0), 5, 3, 0.2)
    >>> sorted(partners[:3].tolist()), sorted(partners[3:].tolist()), 0 <= share <= 1
    ([0, 1, 2], [3, 4], True)
    """
    partners = np.concatenate([rng.permutation(whole_from), whole_from + rng.permutation(count - whole_from)])
    return partners, float(rng.beta(alpha, alpha))


def reader_batch_loss(torch, forward, patches, labels, soft_targets=None, scale: float = 1.0,
                      whole_from: int | None = None, smoothing: float = LABEL_SMOOTHING, mix=None,
                      grey_share: float = GREY_SHARE):
    """One training batch's loss and logits: ``patches`` (uint8, N x H x W x 3) jittered, through
    ``forward`` (the reader's forward pass, :func:`forward_in`), cross-entropy with label smoothing
    ``smoothing`` against ``labels``; with ``soft_targets`` (the teachers' probabilities at
    ``DISTIL_TEMPERATURE``, :func:`teacher_targets`), mixed ``DISTIL_WEIGHT`` with the divergence
    from them, scaled by the temperature squared (so its gradients keep their size). An
    :func:`ensemble`'s members (stacked logits) each take that loss, averaged; the logits returned
    are theirs averaged, for the training accuracy. ``scale`` and ``whole_from``: see
    :func:`batch_logits`. ``mix`` (:func:`mixup_partners`' partners and share): each patch blended
    with its partner before the jitter, its loss the two labels' losses in those shares.
    ``grey_share``: of the patches the jitter turns grey."""
    functional = torch.nn.functional
    if mix is not None:
        partners, share = torch.from_numpy(mix[0]), mix[1]
        patches = patches.float() * share + patches[partners].float() * (1 - share)
        if soft_targets is not None:
            soft_targets = soft_targets * share + soft_targets[partners] * (1 - share)
    logits = batch_logits(torch, forward, patches, scale, whole_from, grey_share)
    each = logits if logits.dim() == 3 else logits.unsqueeze(0)
    losses = []
    for member_logits in each:
        loss = functional.cross_entropy(member_logits, labels, label_smoothing=smoothing)
        if mix is not None:
            loss = share * loss + (1 - share) * functional.cross_entropy(member_logits, labels[partners],
                                                                         label_smoothing=smoothing)
        if soft_targets is not None:
            softened = functional.log_softmax(member_logits / DISTIL_TEMPERATURE, dim=1)
            divergence = functional.kl_div(softened, soft_targets, reduction="batchmean") * DISTIL_TEMPERATURE ** 2
            loss = (1 - DISTIL_WEIGHT) * loss + DISTIL_WEIGHT * divergence
        losses.append(loss)
    return torch.stack(losses).mean(), each.mean(dim=0)


def teacher_targets(model_dirs: list[str], patches: np.ndarray, threads: int) -> np.ndarray:
    """The readers in ``model_dirs`` averaged (:func:`vision_models.evaluate.averaged`), their
    probabilities at ``DISTIL_TEMPERATURE`` for each patch as generated (before the training's
    photometric jitter, which keeps the label): the soft targets of a distilled reader."""
    from .evaluate import averaged

    first = load_reader(model_dirs[0], threads, 1, patches_only=True)
    if first.classes != list(CLASSES):
        raise SystemExit(f"--teachers: {model_dirs[0]} does not read this generator's classes")
    teachers = averaged(first, model_dirs[1:], threads)
    return np.concatenate([teachers.probabilities(patches[i:i + 2048], DISTIL_TEMPERATURE)
                           for i in range(0, len(patches), 2048)]).astype(np.float32)


def normalise(x):
    """The model's input: floats in 0..1 (no further normalisation), NCHW."""
    return x


def _generate(args):
    make, seed, count, worker = args
    return make(seed, count, worker)


def generate(seed: int, count: int, workers: int, make=make_dataset) -> tuple:
    """``make(seed, count / workers, worker)`` in ``workers`` processes, each part's arrays joined."""
    with mp.get_context("fork").Pool(workers) as pool:
        parts = pool.map(_generate, [(make, seed, count // workers, w) for w in range(workers)])
    return tuple(np.concatenate(part) for part in zip(*parts))


def with_repeated(parts: tuple, extra: tuple, times: int) -> tuple:
    """Each training array with ``times`` copies of its counterpart in ``extra`` appended (the real
    photos' examples, weighted up): what both trainers do with ``--real``.

    >>> with_repeated((np.zeros(2), np.ones(2)), (np.full(1, 5.0), np.full(1, 6.0)), 2)[1].tolist()
    [1.0, 1.0, 6.0, 6.0]
    """
    return tuple(np.concatenate([part] + [more] * times) for part, more in zip(parts, extra))


def train(args) -> dict:
    """The reader of ``args.seed``, exported with the label map, then one more reader for each of
    ``args.also_seeds``, exported beside it (``card_reader_2.onnx``, ...) and named in the label
    map's ``more_readers``: the service averages them all (once quantized, :mod:`.quantize`). With
    ``args.reader_processes`` over 1 the readers train side by side, each in its own process on its
    share of ``args.threads`` (:func:`side_by_side`); a reader trained on from the first
    (``--also-from-first``) waits for it."""
    import torch

    seeds = [args.seed, *args.also_seeds]
    processes, threads = reader_processes(args, len(seeds)), threads_per_reader(args)
    if processes > 1:
        records = side_by_side(args, seeds, processes, threads)
    else:
        torch.set_num_threads(threads)
        first, record = train_and_write(torch, args, 1, args.seed, threads)
        records = [record] + [train_and_write(torch, args, number, seed, threads,
                                              first if args.also_from_first else None)[1]
                              for number, seed in enumerate(args.also_seeds, start=2)]
    return write_label_map(args, records)


def threads_per_reader(args) -> int:
    """The PyTorch threads each reader trains on: its share of ``--threads`` among the readers
    trained at once (:func:`reader_processes`).

    >>> from types import SimpleNamespace as ns
    >>> options = ns(reader_processes=2, threads=2, also_from_first=False, also_seeds=[5])
    >>> threads_per_reader(options), threads_per_reader(ns(**{**vars(options), "also_seeds": []}))
    (1, 2)
    """
    return max(1, args.threads // reader_processes(args, 1 + len(args.also_seeds)))


def reader_processes(args, readers: int) -> int:
    """How many readers train at once: ``--reader-processes``, at most one per reader and per
    thread, and one when the further readers are trained on from the first.

    >>> from types import SimpleNamespace as ns
    >>> options = ns(reader_processes=2, threads=2, also_from_first=False)
    >>> one_thread = ns(**{**vars(options), "threads": 1})
    >>> reader_processes(options, 2), reader_processes(options, 1), reader_processes(one_thread, 2)
    (2, 1, 1)
    >>> reader_processes(ns(**{**vars(options), "also_from_first": True}), 2)
    1
    """
    return 1 if args.also_from_first else max(1, min(args.reader_processes, readers, args.threads))


def side_by_side(args, seeds: list[int], processes: int, threads: int) -> list[dict]:
    """The readers of ``seeds`` trained ``processes`` at a time, each process on ``threads``
    PyTorch threads, its share of ``args.threads`` (``--threads 2``, two readers: one each). Two
    small networks each on one core train about 1.17 times as many patches a second as one on two
    cores (a reader's step 0.40 s each side by side against 0.24 s alone on 2 AMX cores, ``python
    -m bench.training --side-by-side``): a batch of this reader is too small to keep two threads
    busy. The generator still splits each reader's patches among ``args.threads`` workers, so each
    reader learns the same patches as one trained alone; the sums differ in their last bits
    (oneDNN adds in another order on one thread), so a reader so trained is not bit for bit the
    one trained alone. Each process writes its reader's file; the records come back for the label
    map."""
    from concurrent.futures import ProcessPoolExecutor

    # spawn, not fork: a child forked from a parent whose OpenMP has started can hang.
    with ProcessPoolExecutor(processes, mp_context=mp.get_context("spawn")) as pool:
        return list(pool.map(_train_and_write_alone, [(args, number, seed, threads)
                                                      for number, seed in enumerate(seeds, start=1)]))


def _train_and_write_alone(job) -> dict:
    import torch

    args, number, seed, threads = job
    torch.set_num_threads(threads)
    return train_and_write(torch, args, number, seed, threads)[1]


def train_and_write(torch, args, number: int, seed: int, threads: int, first=None) -> tuple:
    """The ``number``-th reader (the first from ``args.seed`` and ``args.epochs``, the others
    ``further_epochs``, trained on from ``first`` if given) trained on ``threads`` threads and
    written to its file: the network and its training record."""
    model, record = train_reader(torch, args, seed, args.epochs if number == 1 else further_epochs(args), first)
    name = MODEL_FILE if number == 1 else numbered(MODEL_FILE, number)
    write_graph(torch, model, reader_dummy(torch), args.out, name, **READER_GRAPH)
    return model, {"file": name, **record, "threads": threads}


def write_label_map(args, records: list[dict]) -> dict:
    """The label map (classes, input, name, version, threshold) with the first reader's training
    record and the others' as ``more_readers``."""
    first, *more = records
    labels = {"name": MODEL_NAME, "version": MODEL_VERSION, "classes": list(CLASSES),
              "min_confidence": args.min_confidence,
              "input": {"height": PATCH_H, "width": PATCH_W, "channels": "BGR", "scale": "0..1",
                        "corner_fraction": [CORNER_FX, CORNER_FY]},
              "training": {key: value for key, value in first.items() if key != "file"}}
    if more:
        labels["more_readers"] = more
    return write_spec(args.out, LABELS_FILE, labels)


def numbered(model_file: str, number: int) -> str:
    """The file of the ``number``-th reader.

    >>> numbered("card_reader.onnx", 2)
    'card_reader_2.onnx'
    """
    return model_file.removesuffix(".onnx") + f"_{number}.onnx"


def train_reader(torch, args, seed: int, epochs: int, first=None) -> tuple:
    """One reader trained from ``seed`` (its initialisation, its generated patches and their order)
    for ``epochs`` with ``args``' recipe: the network and its training record (the seed in it). With
    ``first`` (a trained reader, left as it is), a copy of it trained on with its own one-cycle
    schedule: a second reader at a fraction of a first's training (a snapshot ensemble's member,
    Huang et al., 2017)."""
    torch.manual_seed(seed)
    started = time.time()
    by_area = args.patch_cut == "area"   # a large card's patches cut as the service cuts them
    make = partial(make_dataset, dense_art=args.dense_art, distorted=args.distort, suit_shapes=args.suit_shapes,
                   crowded=args.crowded, speckled=args.speckled, light=args.light, framed=args.framed,
                   frame_curls=args.frame_curls, by_area=by_area, grey_scenes=args.grey_scenes)
    x, y = generate(seed, args.patches, args.threads, make)
    xv, yv = generate(seed + 1000, max(1000, args.patches // 30), args.threads, make)
    real_count = 0
    if args.real:
        from .real import load_split, real_patches, training_photos

        one_corner = None
        if args.real_one_corner:
            from .cut_outlines import load_outlines

            one_corner = load_outlines()
        xr, yr = real_patches(args.real, training_photos(load_split(args.real), args.real_half), seed,
                              one_corner=one_corner, by_area=by_area)
        real_count = len(yr)
        x, y = with_repeated((x, y), (xr, yr), args.real_repeat)
    print(f"generated {len(y)} training ({real_count} real x {args.real_repeat if args.real else 0}) and "
          f"{len(yv)} validation patches in {time.time() - started:.0f} s", flush=True)
    soft = None
    if args.teachers:
        soft = torch.from_numpy(teacher_targets(args.teachers, x, args.threads))
        print(f"read by {len(args.teachers)} teachers ({time.time() - started:.0f} s)", flush=True)
    # Channels-last tensors: the same sums in another memory layout, faster on the CPU (batch 256, 2 AVX-512
    # cores: float32 0.45 -> 0.40 s a step, bfloat16 0.32 -> 0.20 s).
    model = (build_model(args.head, args.width, args.members) if first is None
             else copy.deepcopy(first)).to(memory_format=torch.channels_last)
    precision = training_precision(torch, args.precision)
    forward = forward_in(torch, model, precision)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    cycle_epochs = epochs - args.average_last
    batches = (len(y) + args.batch - 1) // args.batch
    average_every = min(AVERAGE_EVERY, batches)
    steps = cycle_epochs * batches
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=steps,
                                                   pct_start=0.15)
    averaged = torch.optim.swa_utils.AveragedModel(model) if args.average_last else None
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)
    real_whole = np.zeros(len(yt), bool)   # with_repeated put the real patches last
    if args.real and args.real_scale == "whole":
        real_whole[len(yt) - real_count * args.real_repeat:] = True
    generator = torch.Generator().manual_seed(seed)
    mixing = np.random.default_rng(seed) if args.mixup else None   # its own stream: the default recipe's unchanged
    for epoch in range(epochs):
        model.train()
        averaging = epoch >= cycle_epochs
        if averaging:
            for group in optimiser.param_groups:
                group["lr"] = args.lr * AVERAGE_LR_SHARE
        scale = epoch_scale(epoch, args.progressive)
        order = torch.randperm(len(yt), generator=generator).numpy()
        total, correct, seen = 0.0, 0, 0
        for batch_number, start in enumerate(range(0, len(order), args.batch)):
            idx, whole_from = shrunk_first(order[start:start + args.batch], real_whole)
            idx = torch.from_numpy(idx)
            labels = yt[idx]
            mix = None if mixing is None else mixup_partners(mixing, len(idx), whole_from, args.mixup)
            loss, logits = reader_batch_loss(torch, forward, xt[idx], labels, None if soft is None else soft[idx],
                                             scale, whole_from, args.label_smoothing, mix, args.grey_share)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            if not averaging:
                schedule.step()
            elif batch_number % average_every == average_every - 1:
                averaged.update_parameters(model)
            total += float(loss.detach()) * len(idx)
            correct += int((logits.argmax(1) == labels).sum())
            seen += len(idx)
        accuracy = evaluate(torch, model, xv, yv)
        print(f"epoch {epoch + 1}/{epochs}: loss {total / seen:.4f} train {correct / seen:.4f} "
              f"validation {accuracy:.4f} ({time.time() - started:.0f} s)", flush=True)
    if averaged is not None:
        model = averaged_weights(torch, averaged, xt, args.batch)
        accuracy = evaluate(torch, model, xv, yv)
        print(f"weights averaged over the last {args.average_last} epochs: validation {accuracy:.4f} "
              f"({time.time() - started:.0f} s)", flush=True)
    return model, {"validation_accuracy": accuracy, "train_patches": int(len(y)), "real_patches": real_count,
                   "dense_art": args.dense_art, "distort": args.distort, "suit_shapes": args.suit_shapes,
                   "crowded": args.crowded, "speckled": args.speckled, "light": args.light, "framed": args.framed,
                   **({"label_smoothing": args.label_smoothing} if args.label_smoothing != LABEL_SMOOTHING else {}),
                   **({"mixup": args.mixup} if args.mixup else {}),
                   **({"grey_share": args.grey_share} if args.grey_share != GREY_SHARE else {}),
                   **({"grey_scenes": args.grey_scenes} if args.grey_scenes else {}),
                   **({"patch_cut": args.patch_cut} if args.patch_cut != "sampled" else {}),
                   **({"frame_curls": args.frame_curls} if args.framed else {}),
                   "teachers": teacher_versions(args.teachers),
                   "width": args.width,
                   "progressive": list(args.progressive),
                   **({"real_half": args.real_half, "real_scale": args.real_scale} if args.real else {}),
                   **({"real_one_corner": True} if args.real and args.real_one_corner else {}),
                   "members": args.members, "epochs": epochs, "average_last": args.average_last,
                   **({} if first is None else {"fine_tuned_from": args.seed}),
                   "head": args.head, "precision": precision, "seconds": round(time.time() - started),
                   "seed": seed}


def further_epochs(args) -> int:
    """The epochs of each reader trained after the first: ``--also-epochs``, or the first's.

    >>> from types import SimpleNamespace as ns
    >>> further_epochs(ns(epochs=12, also_epochs=None)), further_epochs(ns(epochs=12, also_epochs=6))
    (12, 6)
    """
    return args.epochs if args.also_epochs is None else args.also_epochs


def averaged_weights(torch, averaged, patches, batch: int):
    """The network of ``averaged`` (a ``torch.optim.swa_utils.AveragedModel``: the mean of the
    weights it was given, stochastic weight averaging) with its batch norms' statistics measured
    again on ``patches`` (uint8, as training sees them, :func:`training_batch`): the statistics of
    the weights it was given do not hold for their mean (Izmailov et al., 2018)."""
    batches = (training_batch(torch, patches[start:start + batch]) for start in range(0, len(patches), batch))
    torch.optim.swa_utils.update_bn(batches, averaged)
    return averaged.module


def teacher_versions(model_dirs: list[str]) -> list[str]:
    """What ``labels.json`` records of a distilled reader's teachers: each one's version, as its
    own ``labels.json`` names it (empty for a reader taught by the labels alone)."""
    return [json.loads((Path(d) / LABELS_FILE).read_text())["version"] for d in model_dirs]


def evaluate(torch, model, x, y) -> float:
    model.eval()
    with torch.no_grad():
        logits = torch.cat([model(torch.from_numpy(x[i:i + 512]).permute(0, 3, 1, 2).float() / 255)
                            for i in range(0, len(x), 512)])
    return float((logits.argmax(1).numpy() == y).mean())


def write_onnx(torch, model, dummy, out: str | Path, onnx_name: str, spec_name: str, spec: dict, **names) -> dict:
    """``model``, run on ``dummy``, exported to ``out/onnx_name`` (:func:`write_graph`) and ``spec``
    written beside it as JSON (:func:`write_spec`): the one way the trainers write what the service
    loads."""
    write_graph(torch, model, dummy, out, onnx_name, **names)
    return write_spec(out, spec_name, spec)


def write_graph(torch, model, dummy, out: str | Path, onnx_name: str, **names) -> None:
    """``model``, run on ``dummy``, exported to ``out/onnx_name`` (opset 17, the TorchScript
    exporter; ``names``: input, output and dynamic axis names)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    model.eval()
    torch.onnx.export(model, dummy, str(out / onnx_name), opset_version=17, dynamo=False, **names)
    print(f"wrote {out / onnx_name}", flush=True)


def write_spec(out: str | Path, spec_name: str, spec: dict) -> dict:
    (Path(out) / spec_name).write_text(json.dumps(spec, indent=2) + "\n")
    print(f"wrote {Path(out) / spec_name}", flush=True)
    return spec


READER_GRAPH = {"input_names": ["patches"], "output_names": ["logits"],
                "dynamic_axes": {"patches": {0: "n"}, "logits": {0: "n"}}}
"""The reader's ONNX input and output, as :class:`service.vision.reader.CardReader` runs them."""


def reader_dummy(torch):
    return torch.zeros(1, 3, PATCH_H, PATCH_W)


def training_arguments(doc: str, epochs: int, batch: int, precision: str = "fp32") -> argparse.ArgumentParser:
    """The options every trainer takes (``doc``: its module docstring): epochs, batch, learning rate,
    seed, threads, precision (default ``precision``: how that trainer's committed model was trained)
    and the output directory (this one, where the service loads the models from)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=epochs)
    parser.add_argument("--batch", type=int, default=batch)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=20261130)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--precision", choices=("auto", "bf16", "fp32"), default=precision,
                        help="fp32, or the forward pass in bfloat16 autocast (weights, gradients and losses stay "
                             "float32), a step about half the time where the CPU computes bfloat16 natively "
                             "(python -m bench.training); auto: bf16 on such a CPU (AVX512-BF16 or AMX), else "
                             f"fp32. The exported model is float32 either way. Default {precision}, how this "
                             "network's committed model was trained (see the model card)")
    parser.add_argument("--out", default=str(HERE))
    return parser


def add_suit_shapes_option(parser: argparse.ArgumentParser, default: float, why: str) -> None:
    """``--suit-shapes SHARE``, the option of the trainers whose scenes may draw their spades and clubs
    in other proportions (:func:`.shapes.random_suit_shape`); ``why`` says what its default is."""
    parser.add_argument("--suit-shapes", type=float, default=default,
                        help="the share of scenes whose deck draws its spades and clubs in other proportions "
                             f"({why}; see the model card)")


def training_precision(torch, choice: str) -> str:
    """``choice`` (``--precision``) made definite: ``auto`` is ``bf16`` where this CPU computes
    bfloat16 natively (where it does not, bfloat16 is emulated and slower than float32).

    >>> from types import SimpleNamespace as ns
    >>> training_precision(ns(cpu=ns(_is_avx512_bf16_supported=lambda: False, _is_amx_tile_supported=lambda: True)),
    ...                    "auto")
    'bf16'
    >>> training_precision(ns(cpu=ns()), "auto")   # a PyTorch that cannot tell: the safe choice
    'fp32'
    >>> training_precision(None, "fp32")
    'fp32'
    """
    if choice != "auto":
        return choice
    native = [getattr(torch.cpu, name, lambda: False)() for name in ("_is_avx512_bf16_supported",
                                                                       "_is_amx_tile_supported")]
    return "bf16" if any(native) else "fp32"


def forward_in(torch, model, precision: str):
    """``model``'s forward pass run in ``precision`` (autocast to bfloat16 for the convolutions and
    the linear layers), its output always float32, so every loss is summed in float32."""
    def forward(x):
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "bf16"):
            return model(x).float()
    return forward


def arguments():
    """This trainer's options; with the Makefile's arguments their defaults rebuild the committed model."""
    parser = training_arguments(__doc__, epochs=12, batch=256)
    parser.add_argument("--patches", type=int, default=80_000)
    parser.add_argument("--also-seeds", type=int, nargs="*", default=ALSO_SEEDS, metavar="SEED",
                        help="train one more reader from each of these seeds, on its own seed's patches, "
                             "exported beside the first (card_reader_2.onnx, ...); the service averages them "
                             f"(default {' '.join(map(str, ALSO_SEEDS)) or 'none'}; none: one reader)")
    parser.add_argument("--also-epochs", type=int, default=None, metavar="EPOCHS",
                        help="the epochs of each of --also-seeds' readers (default: --epochs)")
    parser.add_argument("--reader-processes", type=int, default=READER_PROCESSES, metavar="N",
                        help="train up to N readers at once, each in its own process on its share of --threads "
                             "(2 with --threads 2: two readers side by side on one thread each, 1.17 times the "
                             "throughput, python -m bench.training --side-by-side; default "
                             f"{READER_PROCESSES}: one after the other on all the threads, as the committed "
                             "readers were trained)")
    parser.add_argument("--also-from-first", action="store_true",
                        help="train each of --also-seeds' readers on from the first reader, not from scratch "
                             "(a snapshot ensemble; an experiment, off by default; see the model card)")
    parser.add_argument("--real", help="real photos (images/, labels.json): add their training split")
    parser.add_argument("--real-repeat", type=int, default=3)
    parser.add_argument("--real-half", choices=("all", "fit"), default="all",
                        help="which of the training split --real adds: all of it (the committed readers), or the "
                             "fit half only, as the card maps take it, so that `evaluate --real-set finder_check` "
                             "reads photos no model was taught (to judge a reader recipe on real photos)")
    parser.add_argument("--real-one-corner", action="store_true",
                        help="with --real, also teach the one index corner in view of the split's cards with "
                             "one index box labelled (outlines in real_cut_outlines.json, vision_models."
                             "cut_outlines; an experiment, off by default)")
    parser.add_argument("--dense-art", type=float, default=DENSE_ART_SHARE,
                        help="the share of scenes whose deck draws its court figures densely beside the index "
                             "(an experiment, off by default; see the model card)")
    parser.add_argument("--distort", type=float, default=0.0,
                        help="the share of generated patches bent and their strokes thickened or thinned "
                             "(an experiment, off by default; see the model card)")
    add_suit_shapes_option(parser, 0.0, "an experiment, off by default")
    parser.add_argument("--crowded", type=float, default=0.0,
                        help="the share of scenes whose deck prints large pips and court symbols right beside "
                             "its indices (an experiment, off by default; see the model card)")
    parser.add_argument("--speckled", type=float, default=0.0,
                        help="the share of scenes laid on speckled stone (granite, terrazzo: fine flecks that "
                             "an untaught reader took for an index; an experiment, off by default)")
    parser.add_argument("--grey-share", type=float, default=GREY_SHARE,
                        help=f"the share of training patches the jitter turns grey (default {GREY_SHARE}; a "
                             "third of the real phone photos are grey, where no ink is red)")
    parser.add_argument("--grey-scenes", type=float, default=0.0,
                        help="the share of the readers' scenes taken in greys, turned to luma before the "
                             "camera's noise and JPEG as a phone saves them (an experiment, off by default)")
    parser.add_argument("--light", type=float, default=0.0,
                        help="the share of scenes whose deck prints its ranks in a light weight, every stroke "
                             "one thin pen (faces.random_light_weight; an experiment, off by default)")
    parser.add_argument("--framed", type=float, default=0.2,
                        help="the share of scenes whose deck frames its faces with a thin line right beside "
                             "its indices (faces.random_frame; default 0.2 since 4.26.0, 0: none)")
    parser.add_argument("--frame-curls", type=float, default=0.0,
                        help="with --framed: the share of framed decks whose frames curl at their corners "
                             "(default 0 since 4.26.0; 0.6 was run FR's)")
    parser.add_argument("--progressive", type=int, nargs=2, metavar=("HALF", "THREE_QUARTERS"),
                        help="train the first HALF epochs on patches shrunk to half their size and the next "
                             "THREE_QUARTERS at three quarters (epoch_scale; by default, since 4.25.0, a third "
                             "of the epochs and the next quarter: 4 3 of 12, shrunk_epochs; 0 0 trains every "
                             "epoch whole)")
    parser.add_argument("--real-scale", choices=("epoch", "whole"), default="whole",
                        help="with --progressive and --real: the size the real photos' patches train at, whole "
                             "in every epoch (default since 4.25.0: a second pass a batch) or the epoch's")
    parser.add_argument("--teachers", nargs="+", default=[], metavar="DIR",
                        help="model directories whose readers, averaged, teach this one beside the labels "
                             "(distillation; an experiment, none by default; see the model card)")
    parser.add_argument("--min-confidence", type=float, default=0.7,
                        help="the threshold written to labels.json (choose it with vision_models.evaluate "
                             "--thresholds on the tuning sets)")
    parser.add_argument("--label-smoothing", type=float, default=LABEL_SMOOTHING,
                        help=f"the reader's label smoothing (default {LABEL_SMOOTHING}, the committed readers'; "
                             "more, an experiment: fewer confident readings)")
    parser.add_argument("--mixup", type=float, default=0.0, metavar="ALPHA",
                        help="blend each training patch with another of its batch, the share drawn from "
                             "Beta(ALPHA, ALPHA), and its loss the two labels' (mixup; 0, off, by default: "
                             "an experiment, see the lab notebook)")
    parser.add_argument("--patch-cut", choices=("sampled", "area"), default="sampled",
                        help="how a card large in its photo has its training patches cut: sampled from the "
                             "photo, as the committed readers (4.26.0's) were taught (default), or from the photo "
                             "shrunk by area, as the pipeline cuts them since 4.27.0 (recorded in labels.json, "
                             "where quantize reads it)")
    parser.add_argument("--head", choices=("factorized", "joint"), default="factorized",
                        help="rank + suit logits (default) or one logit per class")
    parser.add_argument("--width", type=float, default=1.0,
                        help="multiplies the reader's channels (an experiment; 1 is the committed network)")
    parser.add_argument("--members", type=int, default=1, choices=range(1, 5), metavar="N",
                        help="train that many narrower readers side by side and export them averaged, as one "
                             "model (an experiment, 1 by default, at most 4; see the model card)")
    parser.add_argument("--average-last", type=int, default=0, metavar="EPOCHS",
                        help="run the one-cycle schedule over the other epochs, then these at a constant "
                             "learning rate, and export the mean of their weights (stochastic weight "
                             "averaging; an experiment, 0 by default; see the model card)")
    return parser


def parse(argv=None):
    """The trainer's options from ``argv``, checked (a usage error names the option), with
    ``--progressive``'s default worked out from the epochs (:func:`shrunk_epochs`)."""
    parser = arguments()
    args = parser.parse_args(argv)
    if args.also_epochs is not None and args.also_epochs < 1:
        parser.error("--also-epochs: at least 1")
    if args.reader_processes < 1:
        parser.error("--reader-processes: at least 1")
    shortest = min(args.epochs, further_epochs(args))   # the epochs of the shortest-trained reader
    if not 0 <= args.average_last < shortest:
        parser.error("--average-last: from 0 to one fewer than --epochs and --also-epochs (the one-cycle schedule "
                     "needs an epoch)")
    if args.progressive is None:
        args.progressive = list(shrunk_epochs(shortest))
    if min(args.progressive) < 0 or sum(args.progressive) >= shortest:
        parser.error("--progressive: epochs from 0, leaving --epochs and --also-epochs a whole-size epoch")
    return args


def main(argv=None):
    train(parse(argv))


if __name__ == "__main__":
    main()

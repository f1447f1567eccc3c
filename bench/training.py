"""Training speed of ``make model``'s three trainings, float32 against bfloat16, on this machine's CPU.

    .venv/bin/python -m bench.training [--steps 8] [--threads 2]     # needs the optional extra train
    .venv/bin/python -m bench.training --side-by-side [--steps 24]   # the readers side by side
    .venv/bin/python -m bench.training --sizes [--steps 8]           # the reader on shrunk patches

Times training steps (the trainers' own batch losses, backward pass and AdamW step, on batches the
trainers' generators make) of the corner reader, the card finder and index spotter (one network,
:mod:`vision_models.train_maps`) and the pips' suit model, each in float32 (the baseline: what
``--precision fp32`` trains, and ``auto`` on a CPU without native bfloat16) and in bfloat16
autocast, alternating so a change in the machine's load hits both alike. Prints the median step,
what an epoch of the committed recipe would take at it, and the ratio. Behind ``make model``'s
time: the training steps are most of it (the rest is the generator, the same in both).

With ``--side-by-side``: the corner reader's float32 steps in two processes at once, each on half
the threads (what ``train --reader-processes 2`` does with ``make model``'s two readers), against
one process on all of them, alternating; prints each one's median step and the pair's throughput
as a ratio to the one's.

With ``--sizes``: the corner reader's float32 steps on patches shrunk to half and three quarters of
their size (what ``train --progressive`` trains its first epochs on) against whole ones,
alternating; prints each one's median step, its ratio to the whole one's, and the share of the
whole-size epochs' time the reader's twelve epochs take with ``--progressive 4 3``.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from functools import partial

import numpy as np

from service.vision.maps import MAPS_SPEC
from service.vision.pips import PIPS_SPEC
from service.vision.reader import LABELS_FILE, MODEL_DIR

from .machine import header

ROUNDS = 3      # fp32 then bf16, this many times: the medians are over all rounds' steps
WARM_UP = 2     # steps left out of each round (oneDNN picks and caches its kernels on the first)


def committed_examples(spec_name: str, field: str) -> int:
    """How many training examples the committed model of ``spec_name`` was trained on (its spec
    file's ``training[field]``): an epoch's steps at its batch size."""
    return int(json.loads((MODEL_DIR / spec_name).read_text())["training"][field])


def networks(torch):
    """Per network: its name, a builder, a batch-of-arrays maker (``make(seed, count, worker)``,
    the trainer's), the batch loss ``loss(forward, tensors)``, the batch size and the training
    examples of the committed model (so an epoch's steps)."""
    from vision_models.dataset import make_dataset
    from vision_models.maps_data import make_maps_dataset
    from vision_models.maps_network import build_maps_network
    from vision_models.pip_data import make_pip_dataset
    from vision_models.train import build_model, reader_batch_loss
    from vision_models.train_maps import arguments, maps_batch_loss
    from vision_models.train_pips import build_pip_model, pips_batch_loss

    def reader(forward, tensors):
        return reader_batch_loss(torch, forward, *tensors)[0]

    def pips(forward, tensors):
        patches, labels = tensors
        return pips_batch_loss(torch, forward, patches.float()[:, None], labels)

    return [("corner reader", build_model, make_dataset, reader, 256,
             committed_examples(LABELS_FILE, "train_patches")),
            ("card finder and index spotter", build_maps_network, make_maps_dataset,
             partial(maps_batch_loss, torch, finder_weight=arguments().get_default("finder_weight")), 32,
             committed_examples(MAPS_SPEC, "train_scenes")),
            ("pips' suit model", build_pip_model, make_pip_dataset, pips, 256,
             committed_examples(PIPS_SPEC, "train_pips"))]


def time_steps(torch, build, tensors, loss, batch: int, precision: str, steps: int) -> list[float]:
    """Seconds per training step of a fresh ``build()`` in ``precision``, after the warm-up."""
    from vision_models.train import forward_in

    torch.manual_seed(0)
    model = build().to(memory_format=torch.channels_last)
    model.train()
    forward = forward_in(torch, model, precision)
    optimiser = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-4)
    generator = torch.Generator().manual_seed(0)
    times = []
    for _ in range(WARM_UP + steps):
        idx = torch.randperm(len(tensors[0]), generator=generator)[:batch]
        started = time.perf_counter()
        value = loss(forward, [v[idx] for v in tensors])
        optimiser.zero_grad()
        value.backward()
        optimiser.step()
        times.append(time.perf_counter() - started)
    return times[WARM_UP:]


def reader_steps(job) -> list[float]:
    """The corner reader's float32 step times on ``threads`` threads (one process of the side by
    side benchmark; ``job`` = (threads, steps))."""
    import torch

    threads, steps = job
    torch.set_num_threads(threads)
    name, build, make, loss, batch, _ = networks(torch)[0]
    tensors = [torch.from_numpy(v) for v in make(7, batch * 2, 0)]
    return time_steps(torch, build, tensors, loss, batch, "fp32", steps)


def side_by_side(threads: int, steps: int) -> None:
    """Two processes each training the reader on ``threads // 2`` threads, against one on
    ``threads``, ``ROUNDS`` times alternating: medians and the pair's throughput ratio."""
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    header(f"training: the corner reader's steps, two processes on {threads // 2} thread(s) each "
           f"against one on {threads}")
    print(f"load average {os.getloadavg()[0]:.1f}")
    alone, pair = [], []
    with ProcessPoolExecutor(2, mp_context=mp.get_context("spawn")) as pool:
        for _ in range(ROUNDS):
            alone += pool.submit(reader_steps, (threads, steps)).result()
            for times in pool.map(reader_steps, [(threads // 2, steps)] * 2):
                pair += times
    one, each = float(np.median(alone)), float(np.median(pair))
    print(f"corner reader (batch 256, float32): one process on {threads} threads {one * 1000:.0f} ms a step; "
          f"two side by side on {threads // 2} each {each * 1000:.0f} ms a step each: "
          f"throughput ratio {2 * one / each:.2f}")


def sizes(threads: int, steps: int) -> None:
    """The reader's float32 step on patches of each size the default ``--progressive`` schedule's
    epochs train at (:func:`vision_models.train.parse`, :func:`~vision_models.train.epoch_scale`),
    ``ROUNDS`` times alternating: medians, ratios to the whole size, and the time of its epochs
    against whole ones."""
    import torch

    from vision_models.train import epoch_scale, parse, reader_batch_loss

    torch.set_num_threads(threads)
    header(f"training: the corner reader's steps on shrunk patches, {threads} threads")
    print(f"load average {os.getloadavg()[0]:.1f}")
    _, build, make, _, batch, _ = networks(torch)[0]
    tensors = [torch.from_numpy(v) for v in make(7, batch * 2, 0)]
    recipe = parse([])   # make model's reader recipe: its epochs and the default --progressive schedule
    epochs, progressive = recipe.epochs, recipe.progressive
    schedule = [epoch_scale(epoch, progressive) for epoch in range(epochs)]
    runs = {scale: [] for scale in sorted(set(schedule), reverse=True)}   # whole first
    for _ in range(ROUNDS):
        for scale in runs:
            def loss(forward, batch_tensors, scale=scale):
                return reader_batch_loss(torch, forward, *batch_tensors, scale=scale)[0]

            runs[scale] += time_steps(torch, build, tensors, loss, batch, "fp32", steps)
    median = {scale: float(np.median(times)) for scale, times in runs.items()}
    for scale, step in median.items():
        print(f"corner reader (batch {batch}, float32), patches at {scale:g} of their size: {step * 1000:.0f} ms "
              f"a step, ratio {step / median[1.0]:.2f}")
    share = sum(median[scale] for scale in schedule) / (epochs * median[1.0])
    print(f"train --progressive {progressive[0]} {progressive[1]} ({epochs} epochs): {share:.2f} of the time of "
          f"{epochs} whole-size epochs")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--side-by-side", action="store_true",
                        help="the reader's steps in two processes on half the threads each, against one process")
    parser.add_argument("--sizes", action="store_true",
                        help="the reader's steps on patches shrunk to half and three quarters, against whole ones")
    args = parser.parse_args(argv)
    if args.sizes:
        sizes(args.threads, args.steps)
        return
    if args.side_by_side:
        side_by_side(args.threads, args.steps)
        return
    import torch

    from vision_models.train import training_precision

    torch.set_num_threads(args.threads)
    header(f"training: steps of the three networks, float32 and bfloat16, {args.threads} threads")
    print(f"PyTorch {torch.__version__}; --precision auto trains in {training_precision(torch, 'auto')} here; "
          f"load average {os.getloadavg()[0]:.1f}")
    for name, build, make, loss, batch, examples in networks(torch):
        tensors = [torch.from_numpy(v) for v in make(7, batch * 2, 0)]
        runs = {"fp32": [], "bf16": []}
        for _ in range(ROUNDS):
            for precision in runs:
                runs[precision] += time_steps(torch, build, tensors, loss, batch, precision, args.steps)
        median = {precision: float(np.median(times)) for precision, times in runs.items()}
        epoch = {precision: step * -(-examples // batch) for precision, step in median.items()}
        print(f"{name} (batch {batch}): float32 {median['fp32'] * 1000:.0f} ms a step ({epoch['fp32']:.0f} s an "
              f"epoch of {examples:,}), bfloat16 {median['bf16'] * 1000:.0f} ms ({epoch['bf16']:.0f} s): "
              f"ratio {median['bf16'] / median['fp32']:.2f}")


if __name__ == "__main__":
    main()

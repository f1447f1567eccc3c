"""Training the dense network (the card maps: the card finder's and the index spotter's, trained by
:mod:`vision_models.train_maps`): adding the real training photos' examples, the training loop
(AdamW, a one-cycle learning rate, seeded shuffled batches, a validation figure after each epoch)
and the export to ONNX."""

from __future__ import annotations

import time

from .real import REAL_HALVES, load_split, training_photos
from .train import forward_in, generate, training_precision, with_repeated, write_onnx


def real_photo_arguments(parser, real_help: str) -> None:
    """The options both dense trainers take for the real photos: ``--real DIR`` (``real_help`` says
    what it does for this network), ``--real-repeat`` and ``--real-half``."""
    parser.add_argument("--real", help=real_help)
    parser.add_argument("--real-repeat", type=int, default=4)
    parser.add_argument("--real-half", choices=REAL_HALVES, default="fit",
                        help="which half of the training split --real adds (the other one, never seen, tunes the "
                             "network: `evaluate --real-set finder_check`; check: the other fold; all: both)")


def training_data(torch, args, make, real_examples) -> tuple[tuple, tuple, int, float]:
    """Seed torch and set its threads, then generate ``args.scenes`` training scenes and a
    twentieth (at least 64) for validation with ``make`` (:func:`vision_models.train.generate`),
    adding the real photos' examples (``real_examples``, see :func:`with_real_photos`): (training
    arrays, validation arrays, real examples, the time it started)."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    started = time.time()
    data = generate(args.seed, args.scenes, args.threads, make)
    validation = generate(args.seed + 1000, max(64, args.scenes // 20), args.threads, make)
    data, real_count = with_real_photos(args, data, real_examples)
    print(f"generated {len(data[0])} training ({real_count} real x {args.real_repeat if args.real else 0}) and "
          f"{len(validation[0])} validation scenes in {time.time() - started:.0f} s", flush=True)
    return data, validation, real_count, started


def validation_maps(torch, model, images, batch: int = 64):
    """``model``'s output maps over ``images`` (N x H x W x 3, uint8) as one tensor, a batch at a
    time in eval mode without gradients: the one forward pass every validation figure of an epoch
    reads (two sets of maps, for ``train_maps``)."""
    model.eval()
    with torch.no_grad():
        return torch.cat([model(torch.from_numpy(images[i:i + batch]).permute(0, 3, 1, 2).float() / 255)
                          for i in range(0, len(images), batch)])


def with_real_photos(args, data: tuple, examples_of) -> tuple[tuple, int]:
    """``data`` with the real training photos' examples appended ``args.real_repeat`` times when
    ``args.real`` names the photos (the half of the training split ``args.real_half`` says;
    ``examples_of(directory, names)`` makes them), and how many real examples there are."""
    if not args.real:
        return data, 0
    real = examples_of(args.real, training_photos(load_split(args.real), args.real_half))
    return with_repeated(data, real, args.real_repeat), len(real[0])


def fit(torch, model, data: tuple, args, batch_loss, validate, started: float) -> dict:
    """Train ``model`` on ``data`` (numpy arrays, examples first) for ``args.epochs``, its forward
    pass in ``args.precision`` (:func:`vision_models.train.training_precision`):
    ``batch_loss(forward, batch)`` is one batch's loss (``forward``: the model's forward pass, its
    output float32; ``batch``: the arrays' rows, as tensors), ``validate(model)`` the figures (a
    dict) printed after each epoch; the last epoch's returned."""
    precision = training_precision(torch, args.precision)
    forward = forward_in(torch, model, precision)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * ((len(data[0]) + args.batch - 1) // args.batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=steps, pct_start=0.15)
    tensors = [torch.from_numpy(v) for v in data]
    generator = torch.Generator().manual_seed(args.seed)
    figures: dict = {}
    for epoch in range(args.epochs):
        model.train()
        order = torch.randperm(len(data[0]), generator=generator)
        total, seen = 0.0, 0
        for start in range(0, len(order), args.batch):
            idx = order[start:start + args.batch]
            loss = batch_loss(forward, [v[idx] for v in tensors])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(idx)
            seen += len(idx)
        figures = validate(model)
        shown = ", ".join(f"{name} {value:.3f}" for name, value in figures.items())
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / seen:.4f} validation {shown} "
              f"({time.time() - started:.0f} s)", flush=True)
    return figures


def export_dense(torch, model, args, spec: dict, spec_name: str, output: str, figures: dict,
                 scenes: int, real_count: int, started: float) -> dict:
    """``model`` written to ``args.out`` as ``spec["file"]`` (input ``image`` 1x3xHxW, H and W free;
    output ``output`` at the map's size) with ``spec`` beside it, and in it how it was trained: the
    validation ``figures``, the training scenes and real examples, epochs, precision, seconds, seed,
    threads."""
    training = {**figures, "train_scenes": int(scenes), "real_photos": real_count, "epochs": args.epochs,
                "precision": training_precision(torch, args.precision), "seconds": round(time.time() - started),
                "seed": args.seed, "threads": args.threads}
    spec = {**spec, "training": training}
    side = spec["side"]
    return write_onnx(torch, model, torch.zeros(1, 3, side // 4 * 3, side), args.out, spec["file"], spec_name,
                      spec, input_names=["image"], output_names=[output],
                      dynamic_axes={"image": {2: "height", 3: "width"}, output: {2: "h2", 3: "w2"}})

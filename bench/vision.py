"""Photo recognition speed on one core: a 1600x1200 JPEG of five cards, and a 12-megapixel photo.

    .venv/bin/python -m bench.vision [--repeat 15] [--model-dir DIR]

Times the whole pipeline as the endpoint runs it (decode with EXIF and downscale, outlines, corner
patches, the ONNX reader), with OpenCV and onnxruntime held to one thread. Targets (issue 4):
under 150 ms and under 400 ms. The photos are generated (seeded), so the run is reproducible. The
baseline, timed in the same run and alternating with it, is the same pipeline without the index
spotter (:mod:`service.vision.spotter`, new in 4.3.0): the ratio is what the spotter costs (since
4.5.0 its first look is the card finder's, so only its closer looks and their readings). The
laid-out hands are read whole before the spotter; a third photo, scattered cards one of which only
the spotter outlines, times it at work (and reads one card fewer without it). A fourth is the first
photo saved in greys, as some phones and apps save them: there the pips are asked about the suit's
colour as well (since 4.32.0), which a photo in colour leaves to the index's ink.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import time

import cv2
import numpy as np

from service import config
from service.vision import decode, recognize
from service.vision.maps import MAPS_FILE
from service.vision.pips import PIPS_FILE
from service.vision.reader import MODEL_DIR, load_reader, reader_files
from vision_models.scenes import compose, hand_layout, in_greys

from .machine import header


HAND = ["5H", "5D", "5S", "JC", "5C"]   # the codes of every photo timed


def as_jpeg(image: np.ndarray, width: int, height: int) -> bytes:
    """``image`` resized to ``width`` x ``height`` and encoded as a JPEG of quality 90."""
    image = cv2.resize(image, (width, height), interpolation=cv2.INTER_CUBIC)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return data.tobytes()


def five_card_jpeg(width: int, height: int, seed: int = 3, grey: bool = False) -> tuple[bytes, list[str]]:
    """A laid-out hand (four in a row, the starter apart), resized to ``width`` x ``height``; with
    ``grey``, saved in greys (:func:`.scenes.in_greys`)."""
    rng = np.random.default_rng(seed)
    scene = compose(rng, HAND, size=(1200, 1600), quads=hand_layout(rng, (1200, 1600)))
    return as_jpeg(in_greys(scene.image) if grey else scene.image, width, height), HAND


def spotted_card_jpeg(seed: int = 107) -> tuple[bytes, list[str]]:
    """Five cards scattered on an 800x600 table (seed 107), enlarged to 1600x1200: a photo whose
    jack only the index spotter outlines (read since 4.6.0, through its outline grown or turned),
    so the spotter's closer look and readings are timed, which the laid-out hands never need."""
    scene = compose(np.random.default_rng(seed), HAND, size=(600, 800))
    return as_jpeg(scene.image, 1600, 1200), HAND


def time_pipeline(data: bytes, reader, repeat: int) -> tuple[list[float], list]:
    settings = config.DefaultConfig
    times, codes = [], []
    for _ in range(repeat + 1):
        started = time.perf_counter()
        photo = decode(data, settings.VISION_MAX_PIXELS, settings.VISION_MAX_SIDE)
        recognition = recognize(photo, reader, settings.VISION_MIN_CONFIDENCE)
        times.append(time.perf_counter() - started)
        codes = [card.code for card in recognition.cards]
    return times[1:], codes  # the first run warms up the session


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--model-dir", default=str(MODEL_DIR))
    args = parser.parse_args(argv)
    header("vision: photo -> cards, one thread")
    cv2.setNumThreads(1)
    reader = load_reader(args.model_dir, 1, 1)
    baseline = dataclasses.replace(reader, spotter=None)
    sizes = ", ".join(f"{name} {os.path.getsize(os.path.join(args.model_dir, name)) / 1e6:.2f} MB"
                      for name in (*reader_files(args.model_dir), MAPS_FILE, PIPS_FILE)
                      if os.path.exists(os.path.join(args.model_dir, name)))
    print(f"model {reader.name} {reader.version}: {sizes}; load average {os.getloadavg()[0]:.1f}")
    for label, (data, truth), target in (("1600x1200 JPEG, 5 cards", five_card_jpeg(1600, 1200), 150),
                                         ("12 MP JPEG (4000x3000), 5 cards", five_card_jpeg(4000, 3000), 400),
                                         ("1600x1200 JPEG, 5 scattered cards, one found by the spotter only",
                                          spotted_card_jpeg(), 150),
                                         ("1600x1200 JPEG in greys, 5 cards", five_card_jpeg(1600, 1200, grey=True), 150)):
        runs, read = {"with": [], "without": []}, {}
        for _ in range(3):  # alternating, so a change in the machine's load hits both alike
            for name, which in (("with", reader), ("without", baseline)):
                times, codes = time_pipeline(data, which, args.repeat)
                runs[name] += times
                read[name] = sorted(map(str, codes))
        ms = {name: np.array(times) * 1000 for name, times in runs.items()}
        print(f"{label} ({len(data) / 1e6:.1f} MB): median {np.median(ms['with']):.0f} ms, p90 "
              f"{np.percentile(ms['with'], 90):.0f} ms (target {target} ms); without the spotter "
              f"{np.median(ms['without']):.0f} ms: ratio {np.median(ms['with']) / np.median(ms['without']):.2f}; "
              f"read {read['with']} ({read['without']} without), truth {sorted(truth)}")


if __name__ == "__main__":
    main()

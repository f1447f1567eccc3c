"""Photo decoding: sniff the format, refuse bombs before decoding, honour EXIF, downscale.

Only JPEG, PNG and WebP are accepted, recognised by their first bytes (never by a file name). The
pixel count is read from the header first, so an image that would expand to gigabytes is refused
before any pixel is decoded::

    >>> image_size(bytes.fromhex("89504e470d0a1a0a0000000d49484452") + (3).to_bytes(4, "big")
    ...            + (2).to_bytes(4, "big"))
    ('png', 3, 2)
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

import cv2
import numpy as np


MIN_SIDE = 16      # pixels: a narrower photo holds no card the reader could read
MAX_ASPECT = 64    # a photo's long side at most this many times its short side: shrunk to 1280 px
                   # long (``VISION_MAX_SIDE``), it keeps a short side of 20 px, which the outline
                   # step's 640 px copy and the card maps' 256 px look can still shrink (a photo of
                   # 1 x 4000 px shrank to no pixels there)


class ImageError(ValueError):
    """A photo that cannot be read; ``status`` is the HTTP status it deserves (415, 413 or 422)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Photo:
    image: np.ndarray     # BGR, upright (EXIF applied), at most ``max_side`` pixels on its long side
    width: int            # of the upright photo as sent
    height: int
    scale: float          # photo pixels per ``image`` pixel


def sniff(data: bytes) -> str | None:
    """``jpeg``, ``png``, ``webp`` or None, from the magic bytes."""
    if data[:3] == b"\xff\xd8\xff":
        return "jpeg"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "png"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


def image_size(data: bytes) -> tuple[str, int, int]:
    """(format, width, height) from the header; raise :class:`ImageError` when unreadable."""
    kind = sniff(data)
    if kind is None:
        raise ImageError(415, "the photo must be a JPEG, PNG or WebP image")
    try:
        width, height = {"jpeg": _jpeg_size, "png": _png_size, "webp": _webp_size}[kind](data)
    except (struct.error, IndexError, ValueError):
        raise ImageError(422, f"the {kind.upper()} header is damaged") from None
    if width <= 0 or height <= 0:
        raise ImageError(422, f"the {kind.upper()} header gives no size")
    return kind, width, height


def _png_size(data: bytes) -> tuple[int, int]:
    if data[12:16] != b"IHDR":
        raise ValueError("no IHDR")
    return struct.unpack(">II", data[16:24])


def _jpeg_size(data: bytes) -> tuple[int, int]:
    offset = 2
    while offset < len(data):
        while data[offset] != 0xFF:
            offset += 1
        while data[offset] == 0xFF:
            offset += 1
        marker = data[offset]
        offset += 1
        if marker in (0x01, *range(0xD0, 0xDA)):
            continue
        length = struct.unpack(">H", data[offset:offset + 2])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[offset + 3:offset + 7])
            return width, height
        offset += length
    raise ValueError("no frame header")


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    if chunk == b"VP8 ":
        width, height = struct.unpack("<HH", data[26:30])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L":
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    raise ValueError("unknown WebP chunk")


def decode(data: bytes, max_pixels: int, max_side: int) -> Photo:
    """Decode ``data`` upright (EXIF orientation applied) and shrink it to ``max_side``.

    Large JPEGs are decoded directly at 1/2, 1/4 or 1/8 size, which is what keeps a 12-megapixel
    photo fast.
    """
    if not data:
        raise ImageError(422, "the photo is empty")
    kind, width, height = image_size(data)
    if width * height > max_pixels:
        raise ImageError(413, f"the photo has {width * height:,} pixels; the limit is {max_pixels:,}")
    check_proportions(width, height)
    reduction = 1
    if kind == "jpeg":
        while reduction < 8 and max(width, height) / (reduction * 2) >= max_side:
            reduction *= 2
    flag = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
            8: cv2.IMREAD_REDUCED_COLOR_8}[reduction]
    image = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    if image is None:
        raise ImageError(422, f"the {kind.upper()} data could not be decoded")
    if (image.shape[1] > image.shape[0]) != (width > height) and width != height:
        width, height = height, width  # EXIF turned it a quarter
    long_side = max(image.shape[:2])
    if long_side > max_side:
        factor = max_side / long_side
        image = cv2.resize(image, (max(1, round(image.shape[1] * factor)), max(1, round(image.shape[0] * factor))),
                           interpolation=shrink_interpolation(factor))
    return Photo(image=image, width=width, height=height, scale=width / image.shape[1])


def check_proportions(width: int, height: int) -> None:
    """Refuse (422) a photo too small or too narrow to hold a card, from its header's size: each side
    at least ``MIN_SIDE`` pixels, the long side at most ``MAX_ASPECT`` times the short one.

    >>> check_proportions(60, 40), check_proportions(16, 1024)
    (None, None)
    >>> try:
    ...     check_proportions(1, 4000)
    ... except ImageError as error:
    ...     print(error.status, error.message.split(":")[0])
    422 the photo is 1 x 4000 pixels
    """
    short, long = min(width, height), max(width, height)
    if short < MIN_SIDE or long > MAX_ASPECT * short:
        raise ImageError(422, f"the photo is {width} x {height} pixels: too small or too narrow to hold a card "
                              f"(each side at least {MIN_SIDE} pixels, the long side at most {MAX_ASPECT} times "
                              f"the short)")


def shrink_interpolation(factor: float) -> int:
    """How to shrink a photo by ``factor``: bilinear down to half size, where each output pixel
    still draws on every input pixel near it (and OpenCV's area filter, at a factor that is no whole
    fraction, takes five times as long: 21 against 4 ms for 1600x1200 to 1280x960); area below
    half, where bilinear would skip pixels and alias thin index strokes.

    >>> shrink_interpolation(0.8) == cv2.INTER_LINEAR, shrink_interpolation(0.3) == cv2.INTER_AREA
    (True, True)
    """
    return cv2.INTER_LINEAR if factor >= 0.5 else cv2.INTER_AREA

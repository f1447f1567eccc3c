"""Photo decoding: formats by magic bytes, EXIF orientation, bombs refused before decoding."""

import struct

import cv2
import numpy as np
import pytest

from service.vision import get_reader, recognize
from service.vision.decode import ImageError, decode, image_size, sniff

LIMIT, SIDE = 50_000_000, 1280


def encoded(ext: str, width: int = 60, height: int = 40) -> bytes:
    image = np.zeros((height, width, 3), np.uint8)
    image[:, : width // 2] = (0, 0, 255)  # left half red
    ok, data = cv2.imencode(ext, image)
    assert ok
    return data.tobytes()


def with_exif_orientation(jpeg: bytes, orientation: int) -> bytes:
    """Insert an APP1 Exif segment with one tag, Orientation, after the JPEG's SOI marker."""
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1)
    tiff += struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(">I", 0)
    payload = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


@pytest.mark.parametrize("ext, kind", [(".jpg", "jpeg"), (".png", "png"), (".webp", "webp")])
def test_formats_are_sniffed_and_sized_from_the_header(ext, kind):
    data = encoded(ext)
    assert sniff(data) == kind
    assert image_size(data) == (kind, 60, 40)
    photo = decode(data, LIMIT, SIDE)
    assert photo.image.shape == (40, 60, 3) and (photo.width, photo.height) == (60, 40)


@pytest.mark.parametrize("data", [b"GIF89a\x01\x00\x01\x00", b"BM\x00\x00", b"%PDF-1.4", b"hello"])
def test_other_formats_are_refused_with_415(data):
    with pytest.raises(ImageError) as error:
        decode(data, LIMIT, SIDE)
    assert error.value.status == 415


def test_a_damaged_image_is_422():
    data = encoded(".png")[:40]  # header intact, pixels cut off
    with pytest.raises(ImageError) as error:
        decode(data, LIMIT, SIDE)
    assert error.value.status == 422


def test_a_decompression_bomb_is_refused_before_decoding():
    # A PNG header announcing 100,000 x 100,000 pixels (10 gigapixels), with no pixel data at all.
    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">IIBBBBB", 100_000,
                                                                                  100_000, 8, 2, 0, 0, 0)
    with pytest.raises(ImageError) as error:
        decode(header + b"\x00" * 16, LIMIT, SIDE)
    assert error.value.status == 413 and "10,000,000,000 pixels" in error.value.message


def test_exif_orientation_turns_the_photo_upright():
    plain = encoded(".jpg", 60, 40)
    turned = decode(with_exif_orientation(plain, 6), LIMIT, SIDE)  # 6 = rotate 90 clockwise to view
    assert turned.image.shape[:2] == (60, 40)
    assert (turned.width, turned.height) == (40, 60)
    # The red left half is now the top half.
    assert turned.image[5, 20, 2] > 200 and turned.image[55, 20, 2] < 60


def test_large_photos_are_read_smaller():
    photo = decode(encoded(".jpg", 4000, 3000), LIMIT, SIDE)
    assert max(photo.image.shape[:2]) <= SIDE
    assert (photo.width, photo.height) == (4000, 3000)
    assert photo.scale == pytest.approx(4000 / photo.image.shape[1])


def test_exif_orientation_holds_when_a_large_jpeg_is_read_reduced():
    turned = decode(with_exif_orientation(encoded(".jpg", 3000, 2000), 6), LIMIT, SIDE)
    assert turned.image.shape[:2] == (1280, 853) and (turned.width, turned.height) == (2000, 3000)
    assert turned.image[20, 300, 2] > 200 and turned.image[1200, 300, 2] < 60


@pytest.mark.parametrize("width, height", [(1, 4000), (4000, 2), (15, 15), (20, 1300)])
def test_a_photo_too_small_or_too_narrow_to_hold_a_card_is_422(width, height):
    """Refused from the header: a 1 x 4000 photo, shrunk for the outline step, once had no pixels left."""
    with pytest.raises(ImageError) as error:
        decode(encoded(".png", width, height), LIMIT, SIDE)
    assert error.value.status == 422 and f"the photo is {width} x {height} pixels" in error.value.message


@pytest.mark.parametrize("width, height", [(16, 16), (16, 1024), (2560, 40)])
def test_the_smallest_and_narrowest_photos_allowed_are_read(width, height):
    """At the limits (each side 16 pixels, the long side 64 times the short) every step has pixels to read."""
    photo = decode(encoded(".jpg", width, height), LIMIT, SIDE)
    assert recognize(photo, get_reader()).cards == []

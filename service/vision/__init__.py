"""Card recognition in photos (OpenCV + ONNX). Knows nothing of cribbage scoring.

    photo = decode(data, max_pixels, max_side)        # sniff, refuse bombs, EXIF, downscale
    recognition = recognize(photo, get_reader())      # outlines -> corner patches -> codes
    jpeg = annotate(photo.image, recognition, photo.scale)
"""

from .annotate import annotate
from .decode import ImageError, Photo, decode
from .layout import isolated_card
from .pipeline import Recognition, RecognizedCard, recognize
from .reader import get_reader

__all__ = ["ImageError", "Photo", "Recognition", "RecognizedCard", "annotate", "decode", "get_reader",
           "isolated_card", "recognize"]

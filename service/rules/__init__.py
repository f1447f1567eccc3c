"""The rules engine (no Flask, no OpenCV). Importing it registers the special cards' notation."""

from . import special_cards  # noqa: F401  (teaches service.rules.cards the variants' notation)

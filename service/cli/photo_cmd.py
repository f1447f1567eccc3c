"""``muggins photo hand.jpg [--starter isolated|CODE] [--crib] [--rules NAME]
[--claimed N [--items CALL] [--muggins-call N]] [--annotate OUT.jpg] [--min-confidence P]``.

Reads the cards in a photo and, when they make a hand and a starter, counts it exactly as
``muggins show`` does (which is what it calls), or with ``--claimed`` audits the claim as ``muggins
audit`` does (as ``POST /v1/audit/photo`` does a photo's)::

    $ muggins photo hand.jpg
    5H  0.99
    ...
    fifteen  5H JC              2   (2)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from schemas.rules import resolve_rules
from schemas.vision import (MIN_CONFIDENCE_LIMITS, AuditPhotoQuerySchema, AuditPhotoResponseSchema,
                            ShowPhotoQuerySchema)
from service import config
from service.api.audit import audit_body
from service.photo_deal import Advice, PhotoProblem, deal_from_cards, starter_position
from service.vision import ImageError, annotate, decode, get_reader, recognize
from service.vision.report import recognition_body, unsure_because

from . import audit_cmd, show_cmd
from .common import CRIB_HELP, UsageError, load_request, print_json


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("photo", help="read the cards in a photo and count the hand",
                                   description="Read the cards in a photo (JPEG, PNG, WebP); with the hand "
                                               "and a starter (four cards and one in the standard game), "
                                               "count them as `muggins show` does, or with --claimed audit "
                                               "the claim as `muggins audit` does.")
    parser.add_argument("image", help="the photo ('-' reads it from standard input)")
    parser.add_argument("--starter", default="isolated",
                        help="the starter's code, or 'isolated' (default) for the card lying apart")
    parser.add_argument("--crib", action="store_true", help=CRIB_HELP)
    parser.add_argument("--rules", default="standard", help="rule profile (default standard)")
    parser.add_argument("--claimed", type=int, metavar="N",
                        help="the total the player claims: audit it as `muggins audit` does")
    parser.add_argument("--items", metavar="CALL",
                        help="with --claimed, the spoken count or a JSON list of items (as `muggins audit`)")
    audit_cmd.add_muggins_call_option(parser)
    parser.add_argument("--annotate", metavar="OUT", help="write the photo with the cards outlined (JPEG)")
    parser.add_argument("--min-confidence", type=threshold, default=None, metavar="P",
                        help="read with this threshold (%g to %g) instead of the model's own: a card read "
                             "less surely is unsure" % MIN_CONFIDENCE_LIMITS)
    parser.add_argument("--json", action="store_true", help="print the cards read as /v1/recognize returns (with "
                                                            "--claimed, the audit as /v1/audit/photo returns)")
    parser.set_defaults(run=run)


CLI_ADVICE = Advice(confirm="retake the photo, or type the cards to `muggins show`",
                    name_starter="name the starter with --starter CODE")
"""A refused photo's advice in the command line's words (the rule that refuses it is the API's:
:mod:`service.photo_deal`)."""


def threshold(text: str) -> float:
    """``--min-confidence``: a number within the limits a request to /v1/recognize has."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    low, high = MIN_CONFIDENCE_LIMITS
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be a number from {low} to {high}")
    return value


def check_options(args) -> int:
    """The options that the photo endpoints take as query parameters (``--starter``, ``--rules``,
    ``--claimed``, ``--muggins-call``) checked by those endpoints' own schema before the photo is
    read, each refusal naming its option; the profile's hand size.

    >>> check_options(argparse.Namespace(starter="isolated", rules="five-card", claimed=None, items=None,
    ...                                  muggins_call=None))
    3
    """
    for given, option in ((args.items, "--items"), (args.muggins_call, "--muggins-call")):
        if given is not None and args.claimed is None:
            raise UsageError(f"photo: {option} is part of an audit: give --claimed too")
    query = {"starter": args.starter, "rules": args.rules}
    if args.claimed is not None:
        query["claimed"] = args.claimed
    if args.muggins_call is not None:
        query["muggins_call"] = args.muggins_call
    schema = ShowPhotoQuerySchema() if args.claimed is None else AuditPhotoQuerySchema()
    checked = load_request(schema, query, "photo", describe=lambda error: f"--{error['field'].replace('_', '-')}: "
                                                                          f"{error['message']}")
    return resolve_rules(checked["rules"]).hand_size


def read_photo(args):
    """The photo ``args.image`` (a path, or ``-`` for standard input) decoded and read: the photo,
    the recognition and the reader, under the service's own limits and threshold."""
    try:
        data = sys.stdin.buffer.read() if args.image == "-" else Path(args.image).read_bytes()
    except OSError as error:
        raise UsageError(f"photo: cannot read {args.image}: {error.strerror}") from None
    defaults = config.DefaultConfig
    try:
        photo = decode(data, defaults.VISION_MAX_PIXELS, defaults.VISION_MAX_SIDE)
    except ImageError as error:
        raise UsageError(f"photo: {error.message}") from None
    reader = get_reader(None, defaults.VISION_INTRA_OP_THREADS, defaults.VISION_INTER_OP_THREADS)
    recognition = recognize(photo, reader, args.min_confidence if args.min_confidence is not None
                            else defaults.VISION_MIN_CONFIDENCE)
    return photo, recognition, reader


def print_cards(cards, position: int | None) -> None:
    """One line a card: its code (``?`` if unsure), its confidence, the starter marked, why unsure."""
    for n, card in enumerate(cards):
        mark = "  (starter)" if n == position else ""
        print(f"{card.code or '?':<6} {card.confidence:.2f}{mark}"
              + ("" if card.code else f"   unsure: {unsure_because(card)}"))


def run(args) -> int:
    hand_size = check_options(args)
    photo, recognition, reader = read_photo(args)
    cards = recognition.cards
    position = starter_position(cards, args.starter)
    if args.annotate:
        Path(args.annotate).write_bytes(annotate(photo.image, recognition, photo.scale, position))
    read = recognition_body(recognition, reader, position)
    if args.json and args.claimed is None:
        print_json(read)
        return 0
    if not args.json:
        print_cards(cards, position)
    try:   # the photo endpoints' rule: how many cards, each read surely, the starter found
        hand, starter, _ = deal_from_cards(cards, hand_size, args.starter, CLI_ADVICE)
    except PhotoProblem as problem:
        raise UsageError(f"photo: {problem.message}") from None
    deal = {"cards": hand + [starter], "crib": args.crib, "rules": args.rules, "json": False}
    claim = {"claimed": args.claimed, "items": args.items, "muggins_call": args.muggins_call}
    if args.json:   # with --claimed: the body of /v1/audit/photo
        body = audit_body(audit_cmd.request_from_args(argparse.Namespace(**deal, **claim)))
        print_json(AuditPhotoResponseSchema().dump({**body, "recognition": read}))
        return 0
    print()
    if args.claimed is not None:
        return audit_cmd.run(argparse.Namespace(**deal, **claim))
    return show_cmd.run(argparse.Namespace(**deal))

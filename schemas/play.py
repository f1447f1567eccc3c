"""The play (pegging): request and response of ``POST /v1/play`` and ``POST /v1/audit/play``."""

from __future__ import annotations

import marshmallow as ma

from service.config import MAX_CLAIM, MAX_PLAYS
from service.rules.cards import CardError
from service.rules.play import KINDS, PlayInputError, check_plays
from service.rules.special_cards import WILD_KINDS, deck_copies, play_declaration

from .booleans import JsonBoolean
from .cards import CardField
from .rules import RulesValueField, check_deck, effective_rules_field

PLAY_KIND_DESCRIPTION = " | ".join(KINDS)
FLAG_DESCRIPTION = (
    "card_not_held (the player's hand, when given, lacks the card) | over_31 (the card would pass "
    "31; it is taken back and scores nothing) | renege (go called while holding a card that fits) | "
    "played_after_go (a card that fits laid after its player called go in the same series) | "
    "out_of_turn (not this player's turn) | play_over (after the one series of a `play_series` "
    "`one` profile, e.g. five-card) | zero_withheld (Mastermind, hands given: another card laid while "
    "the Zero in hand would make a run; seed 000: the Zero must be played)")

BILL_AND_JUDY = [{"player": 0, "card": "KH"}, {"player": 1, "card": "9D"}, {"player": 0, "card": "QH"},
                 {"player": 1, "go": True}, {"player": 1, "card": "8D"}, {"player": 0, "card": "JH"},
                 {"player": 1, "card": "8C"}, {"player": 0, "go": True}, {"player": 0, "card": "JS"},
                 {"player": 1, "card": "7H"}]


def error_messages(path: tuple, message: str) -> dict:
    """``("plays", 3, "card")`` -> ``{"plays": {3: {"card": [message]}}}``, the shape marshmallow
    gives nested errors (the problem's pointer is then ``/plays/3/card``)."""
    messages: object = [message]
    for part in reversed(path):
        messages = {part: messages}
    return messages


class PlayInSchema(ma.Schema):
    """One entry of the plays: a card laid, or a go called."""

    player = ma.fields.Integer(required=True, strict=True, validate=ma.validate.Range(0, 3),
                               metadata={"description": "Who plays: 0 to players - 1, clockwise.",
                                         "example": 0})
    card = CardField(metadata={"description": "The card laid (omit for a go).", "example": "KH"})
    go = JsonBoolean(load_default=False,
                     metadata={"description": "True when the player calls go instead of laying a card."})

    @ma.validates_schema(skip_on_field_errors=True)
    def card_or_go(self, data, **kwargs):
        if data.get("go") and data.get("card") is not None:
            raise ma.ValidationError("a play is a card or a go, not both", field_name="go")
        if not data.get("go") and data.get("card") is None:
            raise ma.ValidationError("give the card laid, or \"go\": true", field_name="card")


class ClaimedPlayInSchema(PlayInSchema):
    claimed = ma.fields.Integer(strict=True, validate=ma.validate.Range(0, MAX_CLAIM), metadata={
        "description": "Points the player pegged for this play (optional; none claimed is 0). The go "
                       "or last-card point is claimed on the card that earned it."})


class PlayRequestSchema(ma.Schema):
    players = ma.fields.Integer(strict=True, validate=ma.validate.OneOf([2, 3, 4]), metadata={
        "description": "Players at the table, 2, 3 or 4 (default: the profile's, 2 for `standard`). "
                       "With 4, players 0 and 2 are partners against 1 and 3.", "example": 2})
    plays = ma.fields.List(ma.fields.Nested(PlayInSchema), required=True,
                           validate=ma.validate.Length(max=MAX_PLAYS),
                           metadata={"description": f"The plays in order (at most {MAX_PLAYS}).",
                                     "example": BILL_AND_JUDY})
    hands = ma.fields.Dict(keys=ma.fields.Integer(validate=ma.validate.Range(0, 3)),
                           values=ma.fields.List(CardField()),
                           metadata={"description": "Optional: the cards each player holds for the "
                                                    "play, by player number (any players may be left "
                                                    "out). With them, illegal plays are flagged "
                                                    "fully; without, only what the plays prove.",
                                     "example": {"0": ["KH", "QH", "JH", "JS"],
                                                 "1": ["9D", "8D", "8C", "7H"]}})
    start = ma.fields.Integer(strict=True, validate=ma.validate.Range(0, 3), metadata={
        "description": "Optional: the player who leads (default: whoever plays first).", "example": 0})
    rules = RulesValueField()

    @ma.validates_schema(skip_on_field_errors=True)
    def validate_deal(self, data, **kwargs):
        profile = data["rules"]
        players = data.setdefault("players", profile.players)
        hands = data.get("hands") or {}
        for player, hand in hands.items():
            if len(hand) > profile.hand_size:
                raise ma.ValidationError(error_messages(
                    ("hands", player), f"a {profile.name} hand holds {profile.hand_size} cards for "
                                       f"the play, got {len(hand)}"))
        if data.get("start") is not None and data["start"] >= players:
            raise ma.ValidationError(f"players are numbered 0 to {players - 1}", field_name="start")
        cards = {("plays", i, "card"): [p["card"]] for i, p in enumerate(data["plays"]) if p.get("card")}
        cards.update({("hands", player): hand for player, hand in hands.items()})
        for path, found in cards.items():
            try:
                check_deck({path[-1]: found}, profile)
            except ma.ValidationError as error:
                raise ma.ValidationError(error_messages(path, error.messages[0])) from None
            if path[0] == "plays" and found[0].special in WILD_KINDS:
                try:
                    play_declaration(found[0])
                except CardError as error:
                    message = f"{error.token!r}: {error.reason}"
                    raise ma.ValidationError(error_messages(path, message)) from None
        try:
            check_plays(players, [(p["player"], p.get("card")) for p in data["plays"]], hands,
                        deck_copies(profile.deck))
        except PlayInputError as error:
            raise ma.ValidationError(error_messages(error.path, error.message)) from None


class AuditPlayRequestSchema(PlayRequestSchema):
    plays = ma.fields.List(ma.fields.Nested(ClaimedPlayInSchema), required=True,
                           validate=ma.validate.Length(max=MAX_PLAYS),
                           metadata={"description": "The plays in order, each with the points "
                                                    "claimed for it (`claimed`).",
                                     "example": [{**play, "claimed": 0} for play in BILL_AND_JUDY]})
    claims = ma.fields.List(ma.fields.Integer(strict=True, allow_none=True,
                                              validate=ma.validate.Range(0, MAX_CLAIM)),
                            metadata={"description": "Instead of `claimed` on each play: the points "
                                                     "claimed per play, aligned with `plays` (null "
                                                     "or 0 for nothing).",
                                      "example": [0, 0, 1, 0, 0, 0, 1, 0, 0, 1]})

    @ma.validates_schema(skip_on_field_errors=True)
    def validate_claims(self, data, **kwargs):
        claims = data.get("claims")
        if claims is None:
            data["claims"] = [play.get("claimed") for play in data["plays"]]
            return
        if any("claimed" in play for play in data["plays"]):
            raise ma.ValidationError("give `claims` or `claimed` on each play, not both",
                                     field_name="claims")
        if len(claims) != len(data["plays"]):
            raise ma.ValidationError(f"{len(claims)} claims for {len(data['plays'])} plays; give "
                                     "one per play", field_name="claims")


class PlayItemSchema(ma.Schema):
    kind = ma.fields.String(required=True, metadata={"description": PLAY_KIND_DESCRIPTION})
    points = ma.fields.Integer(required=True)
    cards = ma.fields.List(CardField(), required=True, metadata={
        "description": "The cards that make it: the series for a fifteen or 31, the pair or run, "
                       "the card that earned the go."})
    reason = ma.fields.String(required=True, metadata={"description": "What a referee says, e.g. "
                                                                      "\"run of 4 for 4\"."})


class FlagSchema(ma.Schema):
    code = ma.fields.String(required=True, metadata={"description": FLAG_DESCRIPTION})
    message = ma.fields.String(required=True)


class PlayOutSchema(ma.Schema):
    index = ma.fields.Integer(metadata={"description": "Position in the plays, from 0."})
    player = ma.fields.Integer(required=True)
    card = CardField(allow_none=True, metadata={"description": "The card laid; null for a go."})
    go = ma.fields.Boolean(required=True)
    count = ma.fields.Integer(required=True, metadata={"description": "The running count after the "
                                                                      "play (0-31)."})
    points = ma.fields.Integer(required=True, metadata={"description": "Points this play scores, "
                                                                       "the go or last card included."})
    items = ma.fields.List(ma.fields.Nested(PlayItemSchema), required=True)
    series = ma.fields.Integer(required=True, metadata={
        "description": "Which series (count from 0 to 31 or go) the play belongs to, from 1."})
    flags = ma.fields.List(ma.fields.Nested(FlagSchema), required=True, metadata={
        "description": "Why the play is illegal, if it is; flags never change the score, except that "
                       "an over_31 card is taken back."})
    events = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "What else the play sets off under a variant (a WILD draw); empty under "
                       "standard rules."})


class PlayResponseSchema(ma.Schema):
    players = ma.fields.Integer(required=True)
    plays = ma.fields.List(ma.fields.Nested(PlayOutSchema), required=True)
    totals = ma.fields.List(ma.fields.Integer(), required=True,
                            metadata={"description": "Points pegged per player, by player number."})
    sides = ma.fields.List(ma.fields.Integer(), allow_none=True, metadata={
        "description": "Points per side: with four players the partnerships, players 0 and 2, then 1 "
                       "and 3; in captain's cribbage (`captains`) the captain (player 0), then the "
                       "other two together; null when every player is a side of his own."})
    finished = ma.fields.Boolean(metadata={
        "description": "Every card has been played. A last series that is not provably over (a "
                       "player may still hold a card that fits) has no go point yet."})
    next_player = ma.fields.Integer(allow_none=True, metadata={
        "description": "Whose turn it is after the last play (to lay a card or call go); null when "
                       "every card has been played."})
    notes = ma.fields.List(ma.fields.String(), metadata={
        "description": "What this response leaves to another endpoint: under WILD Cribbage, the "
                       "effects of the WILD cards drawn (the Stink Hole ...), applied by "
                       "/v1/wild/board. Empty otherwise."})
    rules = effective_rules_field()


class AuditPlayOutSchema(PlayOutSchema):
    claimed = ma.fields.Integer(required=True)
    verdict = ma.fields.String(required=True, metadata={"description": "correct | under | over"})
    missed = ma.fields.Integer(required=True)
    overclaimed = ma.fields.Integer(required=True)
    muggins_eligible = ma.fields.Integer(required=True, metadata={
        "description": "Missed points an opponent may take: all of them when Muggins is on, else 0."})


class AuditTallySchema(ma.Schema):
    player = ma.fields.Integer()
    side = ma.fields.Integer()
    players = ma.fields.List(ma.fields.Integer())
    canonical = ma.fields.Integer(required=True, metadata={"description": "Points truly pegged."})
    claimed = ma.fields.Integer(required=True)
    missed = ma.fields.Integer(required=True, metadata={"description": "Sum of the missed points "
                                                                       "of each play."})
    overclaimed = ma.fields.Integer(required=True)
    muggins_eligible = ma.fields.Integer(required=True)


class AuditPlayResponseSchema(PlayResponseSchema):
    plays = ma.fields.List(ma.fields.Nested(AuditPlayOutSchema), required=True)
    audit = ma.fields.List(ma.fields.Nested(AuditTallySchema), required=True,
                           metadata={"description": "Per player: canonical, claimed, missed, "
                                                    "over-claimed and Muggins-eligible points."})
    audit_sides = ma.fields.List(ma.fields.Nested(AuditTallySchema), allow_none=True,
                                 metadata={"description": "The same per side (partners together), as `sides`."})
    muggins = ma.fields.String(metadata={"description": "The profile's muggins setting: on | off."})

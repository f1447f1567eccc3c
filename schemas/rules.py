"""Rule profiles in requests and responses: ``GET/POST /v1/rules``, and the ``rules`` field of every
request that scores or audits.

A request names a profile and may override single settings::

    "rules": "standard"                                  # a built-in profile
    "rules": "joes-house@2"                              # a saved house profile, exactly version 2
    "rules": {"name": "standard", "muggins": "off"}      # a profile with one setting overridden
"""

from __future__ import annotations

import marshmallow as ma

from service.rules.cards import Card, physical_identity
from service.rules.profiles import (BUILT_IN, NAME_PATTERN, SETTINGS, Profile, SettingError,
                                    UnknownProfile, get_profile, parse_reference, with_overrides)
from service.rules.special_cards import deck_copies, decks_with, kind_name

RULES_DESCRIPTION = (
    "The rule profile: its name (`standard`, `mastermind`, `wild`, `five-card`, `seven-card`, "
    "`three-player`, `four-player`, `captains`, `lowball`, `jokers`, or a saved house profile, "
    "optionally `name@version`), or an object with `name` and single settings to override, e.g. "
    "`{\"name\": \"standard\", \"muggins\": \"off\"}`. See `GET /v1/rules`.")


def find_profile(reference: str) -> Profile:
    """A built-in profile, else a saved one (when a Flask app is handling a request)."""
    try:
        return get_profile(reference)
    except UnknownProfile:
        pass
    name, version = parse_reference(reference)
    if name in BUILT_IN:
        raise UnknownProfile(reference)
    from flask import has_app_context

    if not has_app_context():
        raise UnknownProfile(reference)
    from service.storage import profile_store

    return profile_store().get(name, version)


def resolve_rules(value) -> Profile:
    """A ``rules`` value (name or object) -> the effective :class:`Profile`; ValidationError names
    the setting at fault."""
    if isinstance(value, str):
        overrides, reference = {}, value
    elif isinstance(value, dict):
        overrides = {k: v for k, v in value.items() if k != "name"}
        reference = value.get("name", "standard")
        if not isinstance(reference, str):
            raise ma.ValidationError({"name": ["a profile name is a string"]})
    else:
        raise ma.ValidationError("a profile name, or an object with `name` and settings to override")
    if len(reference) > 48:
        raise ma.ValidationError("a profile name has at most 40 characters (and @version)")
    try:
        profile = find_profile(reference)
    except UnknownProfile:
        raise ma.ValidationError(f"unknown rule profile {reference!r}; GET /v1/rules lists them") from None
    try:
        return with_overrides(profile, overrides)
    except SettingError as error:
        raise ma.ValidationError({error.setting: [error.message]}) from None


class RulesValueField(ma.fields.Field):
    """A profile name or ``{"name": ..., setting: value, ...}``; becomes the effective Profile.
    Absent, it is the built-in profile ``default``; ``note`` ends the field's description."""

    def __init__(self, default: str = "standard", note: str = "", **kwargs):
        metadata = {"description": f"{RULES_DESCRIPTION} Default `{default}`.{note}", "example": default,
                    "oneOf": [{"type": "string"}, {"type": "object"}], **kwargs.pop("metadata", {})}
        super().__init__(load_default=lambda: get_profile(default), metadata=metadata, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> Profile:
        return resolve_rules(value)

    def _serialize(self, value, attr, obj, **kwargs):
        return value.as_dict() if isinstance(value, Profile) else value


def check_deck(cards_by_field: dict[str, list[Card]], profile: Profile) -> None:
    """Refuse special cards the profile's deck does not have (422 naming the field and token)."""
    copies = deck_copies(profile.deck)
    for field, cards in cards_by_field.items():
        for card in cards:
            if card.special is not None and not copies.get(physical_identity(card)):
                raise ma.ValidationError(
                    f"{card.code!r} ({kind_name(card)}) is not in the {profile.deck} deck of profile "
                    f"{profile.name!r}; use a profile whose deck has it ({decks_with(card)})",
                    field_name=field)


# --- /v1/rules --------------------------------------------------------------------------------

def _setting_field(name: str, spec: dict) -> ma.fields.Field:
    metadata = {"description": f"{spec['description']} (source: {spec['source']})"}
    if spec["type"] == "integer":
        return ma.fields.Integer(metadata=metadata)
    if spec["type"] == "array":
        return ma.fields.List(ma.fields.Dict(), metadata=metadata)
    return ma.fields.String(metadata={**metadata, "enum": list(spec["choices"])})


ProfileSchema = ma.Schema.from_dict({
    "name": ma.fields.String(metadata={"description": "The profile's name."}),
    "version": ma.fields.Integer(metadata={"description": "Its version: built-ins are 1; a saved "
                                                          "profile gets a new version on every change."}),
    "reference": ma.fields.String(metadata={"description": "`name@version`: names exactly this profile."}),
    "description": ma.fields.String(),
    "base": ma.fields.String(metadata={"description": "The profile a saved one was derived from."}),
    "overridden": ma.fields.List(ma.fields.String(), metadata={
        "description": "Settings a request overrode (empty for a profile as stored)."}),
    **{name: _setting_field(name, spec) for name, spec in SETTINGS.items()},
}, name="Profile")


class SettingSchema(ma.Schema):
    description = ma.fields.String()
    source = ma.fields.String()
    type = ma.fields.String(metadata={"description": "string | integer | array"})
    default = ma.fields.Raw()
    choices = ma.fields.List(ma.fields.String(), allow_none=True)
    minimum = ma.fields.Integer(allow_none=True)
    maximum = ma.fields.Integer(allow_none=True)


class RulesListSchema(ma.Schema):
    settings = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(SettingSchema),
                              metadata={"description": "Every setting, with what it means and allows."})
    profiles = ma.fields.List(ma.fields.Nested(ProfileSchema), metadata={"description": "Built-in profiles."})
    saved = ma.fields.List(ma.fields.Nested(ProfileSchema), metadata={
        "description": "Saved house profiles (latest version of each)."})


class ProfileDetailSchema(ProfileSchema):
    versions = ma.fields.List(ma.fields.Integer(), metadata={"description": "Every version of this name."})


class SaveProfileSchema(ma.Schema):
    name = ma.fields.String(required=True, validate=ma.validate.Regexp(
        NAME_PATTERN, error="a name is 1-40 lowercase letters, digits, '-' or '_'"),
        metadata={"example": "joes-house"})
    description = ma.fields.String(load_default="", validate=ma.validate.Length(max=500))
    base = ma.fields.String(load_default="standard", validate=ma.validate.Length(max=48), metadata={
        "description": "The profile to start from (name or name@version).", "example": "wild"})
    settings = ma.fields.Dict(keys=ma.fields.String(), load_default=dict, metadata={
        "description": "Settings that differ from the base (see GET /v1/rules).",
        "example": {"wild_draw": "peg", "stink_partners": "team"}})

    @ma.validates("name")
    def not_built_in(self, value, **kwargs):
        if value in BUILT_IN:
            raise ma.ValidationError(f"{value!r} is a built-in profile; save under another name")

    @ma.post_load
    def resolve(self, data, **kwargs):
        try:
            base = find_profile(data["base"])
        except UnknownProfile:
            raise ma.ValidationError(f"unknown rule profile {data['base']!r}", field_name="base") from None
        try:
            data["profile"] = with_overrides(base, data["settings"])
        except SettingError as error:
            raise ma.ValidationError({"settings": {error.setting: [error.message]}}) from None
        data["base_profile"] = base
        return data


def effective_rules_field() -> ma.fields.Dict:
    """The effective profile every response echoes (its name, version and every setting, with
    the request's overrides applied), so an audit says exactly which rules it was made under."""
    return ma.fields.Dict(metadata={"description": "The effective rule profile."})

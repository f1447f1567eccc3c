"""``/v1/rules``: the rule profiles, built-in and saved."""

from __future__ import annotations

from flask.views import MethodView
from flask_smorest import Blueprint, abort

from schemas.rules import (ProfileDetailSchema, ProfileSchema, RulesListSchema, SaveProfileSchema,
                           find_profile)
from service.rules.profiles import BUILT_IN, SETTINGS, UnknownProfile, all_built_in, parse_reference
from service.storage import profile_store

blp = Blueprint("rules", __name__, url_prefix="/v1/rules",
                description="Rule profiles: the settings a table plays by, built-in and saved.")


def profile_body(profile) -> dict:
    return {**profile.as_dict(), "reference": profile.reference}


@blp.route("")
class Rules(MethodView):
    @blp.response(200, RulesListSchema)
    def get(self):
        """Every setting with its meaning, the built-in profiles and the saved house profiles."""
        return {"settings": SETTINGS,
                "profiles": [profile_body(p) for p in all_built_in()],
                "saved": [profile_body(p) for p in profile_store().latest_all()]}

    @blp.arguments(SaveProfileSchema())
    @blp.response(201, ProfileSchema)
    @blp.alt_response(200, schema=ProfileSchema, description="These settings are already the latest "
                                                             "version: that version is returned.")
    def post(self, args):
        """Save a house profile: a base profile with some settings changed.

        A saved profile never changes: saving the name again with other settings creates the next
        version (`name@2`, ...), and every version stays retrievable, so an old audit can be replayed.
        """
        profile, created = profile_store().save(args["name"], args["profile"].settings(),
                                                args["description"], args["base_profile"].reference)
        return profile_body(profile), 201 if created else 200


@blp.route("/<string:reference>")
class RulesProfile(MethodView):
    @blp.response(200, ProfileDetailSchema)
    def get(self, reference):
        """One profile by name (the latest version) or `name@version`."""
        try:
            profile = find_profile(reference)
            name, _version = parse_reference(reference)
        except UnknownProfile:
            abort(404, message=f"no rule profile {reference!r}; GET /v1/rules lists them")
        versions = [1] if name in BUILT_IN else profile_store().versions(name)
        return {**profile_body(profile), "versions": versions}

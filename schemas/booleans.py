"""JSON booleans: ``true`` and ``false``, nothing else.

Marshmallow's :class:`~marshmallow.fields.Boolean` also takes ``1``, ``"yes"`` and ``"on"``, which the
OpenAPI spec (``type: boolean``) does not allow; a JSON body's flag is a JSON boolean, so a client
whose ``"crib": "false"`` or ``"crib": 0`` is a bug hears of it. Query parameters are text and keep
marshmallow's reading (``?crib=1``, ``?annotate=true``).
"""

from __future__ import annotations

import marshmallow as ma


class JsonBoolean(ma.fields.Boolean):
    """A flag of a JSON body.

    >>> field = JsonBoolean()
    >>> field.deserialize(True), field.deserialize(False)
    (True, False)
    >>> field.deserialize(1)
    Traceback (most recent call last):
    ...
    marshmallow.exceptions.ValidationError: ['Not a valid boolean: use true or false.']
    """

    default_error_messages = {"invalid": "Not a valid boolean: use true or false."}

    def _deserialize(self, value, attr, data, **kwargs) -> bool:
        if value is True or value is False:   # `is`: 1 == True, and 1 is no JSON boolean
            return value
        raise self.make_error("invalid", input=value)

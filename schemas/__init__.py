"""Marshmallow schemas: the one source of request validation, response shape and OpenAPI."""

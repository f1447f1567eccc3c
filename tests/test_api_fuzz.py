"""Every operation of the OpenAPI document, fuzzed from the document itself (schemathesis).

Schemathesis writes requests from each operation's schemas, valid ones and ones that break them
(a string where the spec says boolean, a missing required field, an unknown field, odd bytes for
a photo), and checks each answer against the same document: never a 5xx, only the status codes
and content types documented, a body of the documented shape (problem+json for errors), and a
request the spec forbids never accepted. So the spec stays true to the code both ways.

Not checked: that a request the schema allows is accepted. The service refuses more than the
schema can say (a card twice, a hand of the wrong size for its rules, a photo with no card), with
a 422 naming the field, which the other tests pin down.

Seeded (``derandomize``), so a failure here fails the same way on every run. A deeper run, which
found the ``"²"`` that ``str.isdigit`` passes and ``int`` refuses, and passed once it was mended (25
minutes on 2 busy cores): ``MUGGINS_FUZZ_EXAMPLES=1000 .venv/bin/python -m pytest tests/test_api_fuzz.py``.
"""

import os
import tempfile

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (content_type_conformance, negative_data_rejection,
                                               response_schema_conformance, status_code_conformance)

from service import create_app

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, negative_data_rejection]

EXAMPLES = int(os.environ.get("MUGGINS_FUZZ_EXAMPLES", 60))
"""Requests per operation and kind (valid, invalid); at 60 the module takes about 25 s on 2 cores."""

# One app for the module (schemathesis reads the document when the tests are collected), as the
# tests' fixture makes it, on a database of its own removed when the run ends.
DATABASE_DIR = tempfile.TemporaryDirectory(prefix="muggins-fuzz-")
APP = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{DATABASE_DIR.name}/fuzz.sqlite3",
                  "RATELIMIT_ENABLED": False})
schema = schemathesis.openapi.from_wsgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_every_operation_answers_as_documented(case):
    case.call_and_validate(checks=CHECKS)

"""Every ```example block in docs/rules.md is a test: send the request, check the response."""

import json
import re
from pathlib import Path

import pytest

RULEBOOK = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
BLOCK = re.compile(r"^```example\n(.*?)^```", re.S | re.M)


def examples():
    text = RULEBOOK.read_text(encoding="utf-8")
    found = []
    for match in BLOCK.finditer(text):
        line = text[:match.start()].count("\n") + 1
        heading = [h for h in re.findall(r"^##+ (.*)$", text[:match.start()], re.M)][-1]
        found.append(pytest.param(json.loads(match.group(1)), id=f"line{line}-{heading[:30]}"))
    return found


def contains(actual, expected, path="$"):
    """Assert ``actual`` holds ``expected``: dict keys recursively, lists element by element."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{path}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{path}: missing key {key!r} in {sorted(actual)}"
            contains(actual[key], value, f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), \
            f"{path}: expected {len(expected)} items, got {actual!r}"
        for i, (a, e) in enumerate(zip(actual, expected)):
            contains(a, e, f"{path}[{i}]")
    else:
        assert actual == expected, f"{path}: expected {expected!r}, got {actual!r}"


def test_rulebook_has_examples():
    assert len(examples()) >= 2


@pytest.mark.parametrize("example", examples())
def test_rulebook_example(client, example):
    method = example.get("method", "POST")
    if method == "GET":
        response = client.get(example["endpoint"])
    else:
        response = client.open(example["endpoint"], method=method, json=example.get("request"))
    assert response.status_code == example.get("status", 200), response.get_data(as_text=True)
    contains(response.get_json(), example["expect"])

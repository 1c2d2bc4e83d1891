"""Real-world schemas (corpus/, realworld.py): every text a walk of a compiled schema's automaton draws is
JSON that validates against the original schema, formats checked; compile coverage per source and for the
hard subset stays at or above its ratchet; refusals and compile times are printed."""
from __future__ import annotations

import json
import random

import jsonschema
import pytest

from .realworld import compile_times, compiled, coverage, entries
from .walk import Walker

WALKS = 6
# Schemas that compile, per source, as measured: raise a number when the compiler does better (never lower it)
COVERAGE_RATCHET = {"analytics": 20, "kubernetes": 12, "openapi": 14, "pydantic": 18, "schemastore": 10, "tools": 47,
                    "zod": 13, "hard": 28, "all": 134}


def _validator(schema):
    """jsonschema's validator for the schema's $schema (the latest draft when it names none), formats checked.
    A $schema jsonschema does not know is Iglu's (analytics; validator_for would warn and take the latest draft):
    Iglu's self-describing meta-schema is draft-04 plus a `self` annotation, so Draft 4, with the latest draft's
    format checker: it knows the most formats (uuid among them), stricter than draft-04 asks, never looser."""
    unknown = isinstance(schema, dict) and "$schema" in schema \
        and jsonschema.validators.validator_for(schema, default=None) is None
    cls = jsonschema.Draft4Validator if unknown else jsonschema.validators.validator_for(schema)
    latest = jsonschema.validators.validator_for({})
    return cls(schema, format_checker=latest.FORMAT_CHECKER if unknown else cls.FORMAT_CHECKER)


@pytest.mark.parametrize("path", [e.path for e in entries()])
def test_walks_validate_against_the_original_schema(path):
    c = compiled(path)
    if c.automaton is None:
        assert c.refused
        return
    validator = _validator(c.entry.schema)
    walker, rng = Walker(c.automaton), random.Random(f"corpus-{path}")
    for _ in range(WALKS):
        text = walker.text(rng)
        errors = [e.message for e in validator.iter_errors(json.loads(text.decode("utf-8")))]
        assert not errors, f"{path}: {text.decode('utf-8', 'replace')!r} breaks the schema: {errors}"


def test_compile_coverage_stays_at_the_ratchet():
    rows = coverage()
    refused = [(e.path, compiled(e.path).refused) for e in entries() if compiled(e.path).refused]
    print("", *(f"{k}: {ok}/{n} compile" for k, (ok, n) in rows.items()), compile_times(),
          *(f"refused {p}: {r}" for p, r in refused), sep="\n")
    assert set(rows) == set(COVERAGE_RATCHET), "a source was added or removed: give it a ratchet"
    below = {k: (rows[k][0], COVERAGE_RATCHET[k]) for k in rows if rows[k][0] < COVERAGE_RATCHET[k]}
    assert not below, f"fewer schemas compile than the ratchet (now, ratchet): {below}"

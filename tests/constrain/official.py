"""The official JSON Schema Test Suite (suite_source.py) run against pyrite.constrain.compile_schema.

Each group (one schema, its tests) is compiled once. Refused: its reason is recorded. Compiled: every
invalid instance must be refused in each of its compact forms (soundness), and every valid instance in
the emitted form (emitted.py) accepted; one the automaton refuses is a completeness finding, and valid
instances out of the form are counted, not checked.

Files: every keyword file of draft4, draft6, draft7, draft2019-09 and draft2020-12, and the optional
ones on formats, regular expressions and number precision (OPTIONAL). Groups of drafts 4 to 7 carry no
$schema: their draft's is added, as a validator for that draft would assume it.

    python tests/constrain/official.py --write   # regenerates docs/json-schema-suite.md (DOC)
"""
from __future__ import annotations

import functools
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if __name__ == "__main__":   # run as a script: this package by path, as under pytest (pyrite: .venv's, else py/)
    sys.path[:0], sys.path[len(sys.path):] = [str(ROOT / "tests")], [str(ROOT / "py")]

from constrain.emitted import compact, compact_forms, emitted_form  # noqa: E402
from constrain.reasons import REFUSALS, reason_key, refusal  # noqa: E402
from constrain.suite_source import SDIST, suite_dir  # noqa: E402
from pyrite.constrain import compile_schema  # noqa: E402

DOC = ROOT / "docs" / "json-schema-suite.md"
DRAFTS = {"draft4": "http://json-schema.org/draft-04/schema#", "draft6": "http://json-schema.org/draft-06/schema#",
          "draft7": "http://json-schema.org/draft-07/schema#",
          "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
          "draft2020-12": "https://json-schema.org/draft/2020-12/schema"}
OPTIONAL = ("optional/format/", "optional/format-assertion.json", "optional/ecmascript-regex.json",
            "optional/non-bmp-regex.json", "optional/bignum.json", "optional/float-overflow.json")
# format.json of these drafts holds format as an annotation: a string breaking its format is valid there,
# yet a compiler may keep to the format (as the optional format tests ask), so such strings are out of form
ANNOTATED_FORMAT = ("draft2019-09/format.json", "draft2020-12/format.json")
WHERE = "schema"


@dataclass
class Group:
    draft: str
    file: str            # relative to the draft's folder, e.g. "properties.json", "optional/format/email.json"
    description: str
    schema: Any
    tests: list[dict]


@dataclass
class Outcome:
    group: Group
    refused: str | None = None           # why compile_schema refused the schema
    unsound: list[str] = field(default_factory=list)     # invalid instances the automaton accepted
    findings: list[str] = field(default_factory=list)    # in-form valid instances it refused
    out_of_form: Counter = field(default_factory=Counter)   # valid instances not checked, by reason
    invalid_refused: int = 0
    valid_accepted: int = 0


def files(draft: str) -> list[str]:
    folder = suite_dir() / "tests" / draft
    names = [p.relative_to(folder).as_posix() for p in folder.rglob("*.json")]
    return sorted(n for n in names if "/" not in n or n.startswith(OPTIONAL))


def groups(draft: str, file: str) -> list[Group]:
    text = (suite_dir() / "tests" / draft / file).read_text(encoding="utf-8")
    out = []
    for g in json.loads(text, parse_float=Decimal):   # exact numbers: bignum and precision tests
        schema = g["schema"]
        if isinstance(schema, dict) and "$schema" not in schema:
            schema = {"$schema": DRAFTS[draft], **schema}
        out.append(Group(draft, file, g["description"], schema, g["tests"]))
    return out


def _floats_as_decimals(v: Any) -> Any:
    """The schema as the compiler takes it from json.loads: floats, not the loader's Decimals."""
    if isinstance(v, dict):
        return {k: _floats_as_decimals(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_floats_as_decimals(x) for x in v]
    return float(v) if isinstance(v, Decimal) else v


def run_group(group: Group) -> Outcome:
    out = Outcome(group)
    try:
        automaton = compile_schema(_floats_as_decimals(group.schema), WHERE)
    except REFUSALS as e:
        out.refused = refusal(e)
        return out
    annotated = f"{group.draft}/{group.file}" in ANNOTATED_FORMAT
    for test in group.tests:
        data = test["data"]
        name = f"{test['description']}: {compact(data).decode('utf-8', 'replace')}"
        if not test["valid"]:
            accepted = [f for f in compact_forms(data) if automaton.accepts(f)]
            out.unsound += [f"{name} (accepted as {f.decode('utf-8', 'replace')})" for f in accepted]
            out.invalid_refused += not accepted
            continue
        why = "a string breaking a format that is an annotation here" \
            if annotated and isinstance(data, str) else emitted_form(group.schema, data)
        if why is not None:
            out.out_of_form[why] += 1
        elif automaton.accepts(compact(data)):
            out.valid_accepted += 1
        else:
            out.findings.append(name)
    return out


@functools.cache
def outcomes(draft: str, file: str) -> tuple[Outcome, ...]:
    return tuple(run_group(g) for g in groups(draft, file))


def all_outcomes(draft: str) -> list[Outcome]:
    return [o for f in files(draft) for o in outcomes(draft, f)]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_doc() -> str:
    by_draft = {d: all_outcomes(d) for d in DRAFTS}
    lines = ["# The JSON Schema Test Suite against compile_schema", "",
             "Generated by `python tests/constrain/official.py --write` from the compiler as it is; "
             "tests/constrain/test_official_suite.py fails when this file is not what it would write now.", "",
             f"The official JSON Schema Test Suite, as the {SDIST} sdist vendors it: each draft's keyword files "
             f"and its optional ones on {', '.join(o.removeprefix('optional/') for o in OPTIONAL)}. A group "
             "is one schema and its tests. For a group that compiles, every invalid instance is refused in each "
             "of its compact forms (the test holds all of them to it); valid instances in the emitted form "
             "(tests/constrain/emitted.py) are checked for acceptance, and those refused are completeness "
             "findings. Valid instances outside the form are not checked.", "",
             "| draft | groups | compiled | refused | invalid instances refused | valid accepted | completeness "
             "findings | valid out of form |", "|---|---|---|---|---|---|---|---|"]
    for draft, outs in by_draft.items():
        compiled = [o for o in outs if o.refused is None]
        lines.append(f"| {draft} | {len(outs)} | {len(compiled)} | {len(outs) - len(compiled)} | "
                     f"{sum(o.invalid_refused for o in compiled)} | {sum(o.valid_accepted for o in compiled)} | "
                     f"{sum(len(o.findings) for o in compiled)} | "
                     f"{sum(sum(o.out_of_form.values()) for o in compiled)} |")
    reasons = Counter(reason_key(o.refused) for outs in by_draft.values() for o in outs if o.refused)
    lines += ["", "## Refusals by reason (all drafts)", "", "| groups | reason |", "|---|---|"]
    lines += [f"| {n} | {_cell(r)} |" for r, n in sorted(reasons.items(), key=lambda rn: (-rn[1], rn[0]))]
    for draft, outs in by_draft.items():
        lines += ["", f"## {draft}: refused groups", "", "| file | group | refused because |", "|---|---|---|"]
        lines += [f"| {o.group.file} | {_cell(o.group.description)} | {_cell(o.refused[:160])} |"
                  for o in outs if o.refused]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    text = render_doc()
    if argv == ["--write"]:
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

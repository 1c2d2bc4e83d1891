"""The package's .d.ts (web/pyrite.d.ts, web/pyrite-chat.d.ts) type the JS API, checked by tsc (TypeScript from
tests/package/app's devDependencies): tests/package/typecheck/ok.ts, the API as the README uses it, type-checks;
each wrong use in its bad.ts is an error; and the types name the fields and values of the schema Python exports
(py/pyrite/schema.py), so the two cannot drift apart. No browser, no model."""
from __future__ import annotations

import json
import re
import subprocess
from dataclasses import fields
from pathlib import Path

from support.npm_app import bin_path

ROOT = Path(__file__).resolve().parents[2]
TYPECHECK = ROOT / "tests" / "package" / "typecheck"
DIRECTIVE = "// @ts-expect-error"
ERROR = re.compile(r"^(?P<file>\S+?)\((?P<line>\d+),\d+\): error TS\d+:", re.M)  # tsc --pretty false


def tsc(project: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(bin_path("tsc")), "-p", str(project), "--pretty", "false"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def checked(tmp: Path, name: str, source: str) -> list[tuple[str, int]]:
    """tsc's errors, (file, line), for source alone in a project with typecheck's options (its paths too)."""
    (tmp / name).write_text(source, encoding="utf-8")
    (tmp / "tsconfig.json").write_text(json.dumps({"extends": str(TYPECHECK / "tsconfig.json"), "files": [name]}))
    done = tsc(tmp)
    errors = [(Path(m["file"]).name, int(m["line"])) for m in ERROR.finditer(done.stdout)]
    assert errors or done.returncode == 0, done.stdout + done.stderr  # a failure that names no line
    return errors


def test_the_api_as_the_readme_uses_it_type_checks():
    done = tsc(TYPECHECK)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_wrong_use_in_bad_ts_is_an_error_of_its_own(tmp_path):
    # Each directive blanked (the lines keep their numbers): tsc must fail on the line after every one of
    # them, and nowhere else (no error is another's echo, no directive covers a line that is fine).
    lines = (TYPECHECK / "bad.ts").read_text(encoding="utf-8").splitlines()
    marked = {i + 2 for i, line in enumerate(lines) if line.strip().startswith(DIRECTIVE)}  # 1-based, the next
    source = "\n".join("" if line.strip().startswith(DIRECTIVE) else line for line in lines) + "\n"
    errors = checked(tmp_path, "bad.ts", source)
    assert len(marked) >= 30
    assert {file for file, _ in errors} == {"bad.ts"}, errors
    assert {line for _, line in errors} == marked


def _union(values) -> str:
    return " | ".join(json.dumps(v) for v in values)


def test_the_types_name_the_schemas_fields_and_values(tmp_path):
    from pyrite.drafts import METHODS
    from pyrite.schema import REQUESTS, ROLES, export
    from pyrite.stats import Stats

    schema = export()
    requests = schema["requests"]
    every_field = [*(f for r in requests.values() for f in [*r["fields"].values(), *r.get("options", {}).values()]),
                   *schema["options"].values()]
    types = _union(sorted({f["type"] for f in every_field}))
    same = {  # a type of the .d.ts -> the union it must equal
        "RequestName": _union(REQUESTS),
        "keyof ChatCompletionCreateParamsBase": _union(requests["chat.completions"]["fields"]),
        "keyof CompletionCreateParamsBase": _union(requests["completions"]["fields"]),
        "keyof GenerateOptions": _union(requests["generate"]["options"]),
        "keyof ChatTurnOptions": _union(requests["chat"]["options"]),
        "keyof PrepareOptions": _union(requests["prepare"]["fields"]),
        "ChatCompletionMessageParam['role']": _union(ROLES),
        "SpeculativeMethod": _union(METHODS),
        "keyof RuntimeOptions": _union(schema["options"]),
        **{f"NonNullable<RuntimeOptions[{json.dumps(name)}]>": _union(f["values"])
           for name, f in schema["options"].items()},
        "Exclude<ErrorKind, 'WorkerError' | 'LoadError'>": _union(schema["errors"]),
        "FieldErrorKind": _union(sorted({f["kind"] for f in every_field})),
        "keyof GenerationStats": _union(f.name for f in fields(Stats)),
    }
    source = "\n".join([
        "import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam, ChatTurnOptions, "
        "CompletionCreateParamsBase, ErrorKind, FieldErrorKind, FieldType, GenerateOptions, GenerationStats, "
        'PrepareOptions, RequestName, RuntimeOptions, SpeculativeMethod } from "pyrite-webgpu";',
        "type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;",
        "type Holds<T extends true> = T;",
        # each check on a line of its own: an error's line names the type that drifted
        *(f"type Check{i} = Holds<Same<{ts}, {union}>>;" for i, (ts, union) in enumerate(same.items())),
        f"type Types = Holds<[{types}] extends [FieldType] ? true : false>;",  # FieldType may name more
        "",
    ])
    errors = checked(tmp_path, "schema.ts", source)
    drifted = [source.splitlines()[line - 1] for _, line in errors]
    assert not errors, "the .d.ts and the schema differ:\n" + "\n".join(drifted)

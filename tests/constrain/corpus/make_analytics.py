"""The corpus's analytics event schemas: Snowplow's Iglu Central (github.com/snowplow/iglu-central, Apache-2.0),
self-describing JSON Schemas of analytics events and entities, sampled by a rule fixed before anything was
compiled:

- the files schemas/<vendor>/<name>/jsonschema/<MODEL-REVISION-ADDITION> whose vendor starts with
  com.snowplowanalytics (JSON Schema only, not the avro/thrift ones);
- per (vendor, name), the newest version, SchemaVer compared as the integer triple (MODEL, REVISION, ADDITION);
- those sorted by path, and every K-th of them from the first (indices 0, K, 2K, ...);
- a chosen file that is not valid JSON is reported and replaced by the one after it in that order.

Each is stored as published (json.loads and dumped with indent), as analytics/<vendor>-<name>-<version>.json.
The repository comes as a bare git directory (a clone or mirror of it), read at HEAD:

    .venv/bin/python tests/constrain/corpus/make_analytics.py /path/to/iglu-central.git
"""
from __future__ import annotations

import json
import re
import subprocess
import sys

from corpus_index import write_source

REPO = "snowplow/iglu-central"
LICENSE = "Apache-2.0"
VENDOR_PREFIX = "com.snowplowanalytics"
K = 11   # 215 schema names at commit cbac22ed: every 11th gives 20


def git(git_dir: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True, text=True).stdout


def newest(paths: list[str]) -> list[str]:
    """The newest version's path of each (vendor, name) with a JSON Schema under a VENDOR_PREFIX vendor, by path."""
    best: dict[tuple[str, str], tuple[tuple[int, ...], str]] = {}
    for p in paths:
        parts = p.split("/")
        if len(parts) != 5 or parts[0] != "schemas" or parts[3] != "jsonschema" \
                or not parts[1].startswith(VENDOR_PREFIX) or not re.fullmatch(r"\d+-\d+-\d+", parts[4]):
            continue
        version = tuple(int(n) for n in parts[4].split("-"))
        if (parts[1], parts[2]) not in best or version > best[parts[1], parts[2]][0]:
            best[parts[1], parts[2]] = (version, p)
    return sorted(p for _, p in best.values())


def main(git_dir: str) -> None:
    commit = git(git_dir, "rev-parse", "HEAD").strip()
    candidates = newest(git(git_dir, "ls-tree", "-r", "HEAD", "--name-only").split())
    print(f"{REPO} at {commit}: {len(candidates)} schema names, every {K}th")
    made, per_name = {}, {}
    for i in range(0, len(candidates), K):
        for path in candidates[i:i + K]:   # the chosen one, else the next that is valid JSON
            try:
                schema = json.loads(git(git_dir, "show", f"HEAD:{path}"))
            except json.JSONDecodeError as e:
                print(f"not valid JSON, taking the next: {path}: {e}")
                continue
            _, vendor, name, _, version = path.split("/")
            made[f"{vendor}-{name}-{version}"] = schema
            per_name[f"{vendor}-{name}-{version}"] = {"path": path}
            break
    write_source("analytics", made, {"repo": REPO, "commit": commit, "license": LICENSE}, per_name)


if __name__ == "__main__":
    main(sys.argv[1])

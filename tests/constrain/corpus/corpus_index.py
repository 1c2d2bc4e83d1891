"""Writes one source's schemas into the corpus: <source>/<name>.json each, and their entries in
index.json (what each came from), replacing that source's earlier files and entries."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
INDEX = HERE / "index.json"


def dump(value: Any) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False) + "\n"


def write_source(source: str, made: dict[str, Any], info: dict, per_name: dict[str, dict] | None = None) -> None:
    """made: name -> schema; info: what all of them came from; per_name: what sets one apart (its path)."""
    folder = HERE / source
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    index = json.loads(INDEX.read_text(encoding="utf-8")) if INDEX.is_file() else {}
    index = {k: v for k, v in index.items() if v["source"] != source}
    for name, schema in made.items():
        (folder / f"{name}.json").write_text(dump(schema), encoding="utf-8")
        index[f"{source}/{name}.json"] = {"source": source, **info, **(per_name or {}).get(name, {})}
    INDEX.write_text(dump(dict(sorted(index.items()))), encoding="utf-8")
    print(f"{source}: {len(made)} schemas written to {folder}")

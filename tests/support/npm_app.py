"""The package tests' tools (tests/package/app/package.json: Vite, webpack, TypeScript), installed from npm
into .cache/package-app by its lock, once per lock: the downloads are cached like the other tests' (npm's
own cache under .cache/npm). A test app is made by copying tests/package/app beside these node_modules."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "tests" / "package" / "app"
TOOLS = ROOT / ".cache" / "package-app"


def npm(args: list[str], cwd: Path, timeout: float = 600) -> str:
    """npm with the repo's download cache; its output, or an AssertionError that carries it."""
    cmd = ["npm", *args, "--no-audit", "--no-fund", "--cache", str(ROOT / ".cache" / "npm")]
    run = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, f"{' '.join(cmd)} failed in {cwd}:\n{run.stdout}\n{run.stderr}"
    return run.stdout


def tools() -> Path:
    """.cache/package-app with the app's devDependencies installed (npm ci, again when the lock changes)."""
    lock = (APP / "package-lock.json").read_bytes()
    kept = TOOLS / "package-lock.json"
    if not (kept.is_file() and kept.read_bytes() == lock and (TOOLS / "node_modules" / ".package-lock.json").is_file()):
        shutil.rmtree(TOOLS, ignore_errors=True)
        TOOLS.mkdir(parents=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(APP / name, TOOLS / name)
        npm(["ci"], TOOLS)
    return TOOLS


def bin_path(name: str) -> Path:
    """An installed tool's executable (tsc, vite, webpack)."""
    return tools() / "node_modules" / ".bin" / name

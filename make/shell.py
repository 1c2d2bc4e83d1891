"""What every build step prints and runs: a "[build]" line, then the command (a failure raises)."""
from __future__ import annotations

import subprocess


def say(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list, **kw) -> None:
    say("$ " + " ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)

"""`python -m pyrite ...` as a user runs it: a subprocess of this interpreter."""
from __future__ import annotations

import os
import subprocess
import sys


def run_pyrite(*args: str, check: bool = True, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run the CLI; with check, a non-zero exit fails the test with its stderr."""
    env = {**os.environ, "XDG_RUNTIME_DIR": "/tmp"}
    r = subprocess.run([sys.executable, "-m", "pyrite", *args], capture_output=True, text=True, env=env,
                       timeout=timeout)
    if check and r.returncode:
        raise AssertionError(f"pyrite {' '.join(args)} exited {r.returncode}: {r.stderr}")
    return r

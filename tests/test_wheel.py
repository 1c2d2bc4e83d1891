"""The wheel as a user gets it: built from this checkout, installed with its host extra into a fresh venv
(no system site packages, nothing of this checkout), and its `pyrite` command run: --help, convert, serve
(a model directory to another origin; a directory that is neither a clear error) and generate."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import numpy as np
import pytest
from gguf import GGUFValueType

from support.cli import run_pyrite
from support.gguf import TINY_MERGES, TINY_TOKENS, TINY_TYPES, write_gguf

pytestmark = [pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[1]
# the checkout's own interpreter settings must not reach the venv's commands
ENV = {**{k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")},
       "XDG_RUNTIME_DIR": "/tmp"}


def run(*args: str | Path, timeout: float = 300) -> subprocess.CompletedProcess:
    r = subprocess.run([str(a) for a in args], capture_output=True, text=True, env=ENV, timeout=timeout)
    assert r.returncode == 0, f"{' '.join(map(str, args))} exited {r.returncode}: {r.stderr}"
    return r


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh venv holding the wheel and its host extra; one for the module (building and installing take
    most of its time)."""
    tmp = tmp_path_factory.mktemp("wheel")
    # built from a copy: setuptools writes build/ and *.egg-info into the tree it builds, and build.py's own
    # wheel build (other sessions) removes the checkout's build/
    shutil.copytree(ROOT / "py", tmp / "src" / "py", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    shutil.copy2(ROOT / "pyproject.toml", tmp / "src")
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", tmp / "dist",
        tmp / "src")
    (wheel,) = (tmp / "dist").glob("pyrite-*.whl")
    run(sys.executable, "-m", "venv", tmp / "venv")
    run(tmp / "venv" / "bin" / "python", "-m", "pip", "install", "-q", f"{wheel}[host]")
    return tmp / "venv"


def pyrite(venv: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """The venv's `pyrite` command, run outside the checkout."""
    r = subprocess.run([str(venv / "bin" / "pyrite"), *args], capture_output=True, text=True, env=ENV,
                       cwd=venv.parent, timeout=120)
    if check:
        assert r.returncode == 0, f"pyrite {' '.join(args)} exited {r.returncode}: {r.stderr}"
    return r


def write_llama_gguf(path: Path) -> Path:
    """A tiny llama whose shapes chain (support.gguf's tiny GGUF covers the converter's types, not a forward):
    hidden 64, ffn 96, 4 query and 2 KV heads, support.gguf's tokenizer."""
    rng = np.random.default_rng(0)
    hidden, ffn, vocab = 64, 96, len(TINY_TOKENS)
    shapes = {"token_embd.weight": (vocab, hidden), "blk.0.attn_norm.weight": (hidden,),
              "blk.0.attn_q.weight": (hidden, hidden), "blk.0.attn_k.weight": (32, hidden),
              "blk.0.attn_v.weight": (32, hidden), "blk.0.attn_output.weight": (hidden, hidden),
              "blk.0.ffn_gate.weight": (ffn, hidden), "blk.0.ffn_up.weight": (ffn, hidden),
              "blk.0.ffn_down.weight": (hidden, ffn), "blk.0.ffn_norm.weight": (hidden,),
              "output_norm.weight": (hidden,)}
    tensors = {name: ((rng.standard_normal(shape) * 0.1).astype(np.float32), "Q8_0" if len(shape) == 2 else "F32")
               for name, shape in shapes.items()}
    u32 = GGUFValueType.UINT32
    kv = {"llama.block_count": (1, u32), "llama.context_length": (128, u32), "llama.embedding_length": (hidden, u32),
          "llama.feed_forward_length": (ffn, u32), "llama.attention.head_count": (4, u32),
          "llama.attention.head_count_kv": (2, u32), "llama.rope.freq_base": (10000.0, GGUFValueType.FLOAT32),
          "llama.attention.layer_norm_rms_epsilon": (1e-5, GGUFValueType.FLOAT32),
          "tokenizer.ggml.model": ("gpt2", GGUFValueType.STRING),
          "tokenizer.ggml.pre": ("smollm", GGUFValueType.STRING),
          "tokenizer.ggml.tokens": (TINY_TOKENS, None), "tokenizer.ggml.token_type": (TINY_TYPES, None),
          "tokenizer.ggml.merges": (TINY_MERGES, None), "tokenizer.ggml.bos_token_id": (1, u32),
          "tokenizer.ggml.eos_token_id": (0, u32)}
    return write_gguf(path, tensors, kv)


@pytest.fixture(scope="module")
def model(venv: Path) -> Path:
    """The tiny llama, converted by the wheel's `pyrite convert`."""
    src = write_llama_gguf(venv.parent / "tiny.gguf")
    out = venv.parent / "tiny-model"
    assert json.loads(pyrite(venv, "convert", "--gguf", str(src), "--out", str(out), "--json").stdout) == \
        {"model": str(out)}
    return out


def test_the_command_is_the_installed_package(venv):
    where = run(venv / "bin" / "python", "-c", "import pyrite; print(pyrite.__file__)").stdout.strip()
    assert Path(where).is_relative_to(venv / "lib")
    usage = pyrite(venv, "--help").stdout
    for command in ("generate", "convert", "serve"):
        assert command in usage, usage


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# Ctrl-C as a terminal sends it: a runner that started the suite in the background leaves SIGINT ignored,
# and exec keeps that, so the server is started with it restored.
WITH_SIGINT = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
               "os.execv(sys.argv[1], sys.argv[1:])")


def test_serve_gives_the_model_to_any_origin_and_ctrl_c_ends_it(venv, model):
    port = free_port()
    server = subprocess.Popen([str(venv / "bin" / "python"), "-c", WITH_SIGINT, str(venv / "bin" / "pyrite"), "serve",
                               str(model), "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=ENV, cwd=venv.parent)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, server.communicate()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/model.json", timeout=5) as r:
                    body, headers = r.read(), r.headers
                break
            except OSError:
                assert time.monotonic() < deadline, "pyrite serve never answered"
                time.sleep(0.2)
        assert json.loads(body) == json.loads((model / "model.json").read_text())
        assert headers["Access-Control-Allow-Origin"] == "*"
        assert headers["Cross-Origin-Resource-Policy"] == "cross-origin"
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=10)
    finally:
        server.kill()
    assert server.returncode == 0 and err == ""  # no traceback
    assert out == f"serving {model} at http://127.0.0.1:{port}/  (Ctrl-C to stop)\n"


def test_serve_refuses_a_directory_that_is_neither(venv, tmp_path):
    r = pyrite(venv, "serve", str(tmp_path), check=False)
    assert r.returncode == 2
    assert r.stderr == f"error: {tmp_path}: neither a model directory (no model.json) nor a built site " \
                       f"(no index.html or build.json)\n"


@pytest.mark.gpu
def test_generate_with_the_converted_model_as_the_checkout_does(venv, model):
    args = ("generate", "--model", str(model), "--prompt", "abc de", "--max-tokens", "4", "--max-ctx", "64", "--json")
    wheel, checkout = json.loads(pyrite(venv, *args).stdout), json.loads(run_pyrite(*args).stdout)
    assert wheel["stats"]["generated_tokens"] == 4 and wheel["text"] == checkout["text"]

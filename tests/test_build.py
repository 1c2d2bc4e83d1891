"""build.py's own face: what it cannot fix itself ends as one line saying what to do, never a traceback,
and before anything is installed or half made."""
from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def build(monkeypatch, tmp_path):
    """build.py as a module, its ROOT, VENV and CACHE moved into tmp_path."""
    spec = importlib.util.spec_from_file_location("build_under_test", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, path in (("ROOT", tmp_path), ("VENV", tmp_path / ".venv"), ("CACHE", tmp_path / ".cache")):
        monkeypatch.setattr(module, name, path)
    return module


def run_build(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "build.py"), *args], capture_output=True, text=True, timeout=120)


def one_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    [line] = done.stderr.strip().splitlines()
    return line


def test_an_unknown_model_id_lists_the_known_ones():
    line = one_line(run_build("serve", "--models", "smollm2-135m,llama-99b"))
    assert line == "[build] unknown --models id llama-99b: the known ids are smollm2-135m, qwen2.5-coder-0.5b (or 'all')"


def test_a_busy_port_is_named():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line(run_build("serve", "--port", str(port)))
    assert f"cannot serve on 127.0.0.1:{port}" in line and "--port" in line


def test_no_node_or_npm_says_what_to_install(build, monkeypatch):
    (build.ROOT / "package-lock.json").write_text("{}")
    monkeypatch.setattr(build.shutil, "which", lambda name: None if name in ("node", "npm") else "/usr/bin/" + name)
    with pytest.raises(build.Stop, match="missing Node.js and npm .*apt-get install nodejs npm"):
        build.npm_install()


def test_no_venv_module_says_python3_venv_and_leaves_nothing(build, monkeypatch):
    def no_ensurepip(self, env_dir):
        Path(env_dir, "bin").mkdir(parents=True)
        raise subprocess.CalledProcessError(1, ["python3", "-m", "ensurepip"])
    monkeypatch.setattr(build.venv.EnvBuilder, "create", no_ensurepip)
    with pytest.raises(build.Stop, match="install python3-venv"):
        build.ensure_venv("host")
    assert not build.VENV.exists()


def test_no_chromium_without_root_says_what_to_install(build, monkeypatch):
    monkeypatch.setattr(build.shutil, "which", lambda name: None if name == "chromium" else "/usr/bin/" + name)
    monkeypatch.setattr(build, "_has_deb", lambda name: True)
    monkeypatch.setattr(build.os, "geteuid", lambda: 1000)
    with pytest.raises(build.Stop, match="missing Chromium for the browser tests: install Debian's chromium"):
        build.ensure_system_packages(browser=True)
    build.ensure_system_packages(browser=False)  # --fast needs no browser


def test_main_turns_a_stop_and_a_failed_step_into_one_line(build, monkeypatch, capsys):
    def stop(argv):
        raise build.Stop("missing something: install it")
    monkeypatch.setattr(build, "command", stop)
    assert build.main([]) == 1
    assert capsys.readouterr().err == "[build] missing something: install it\n"

    def failed(argv):
        raise subprocess.CalledProcessError(3, ["npm", "ci"])
    monkeypatch.setattr(build, "command", failed)
    assert build.main([]) == 3
    assert capsys.readouterr().err == "[build] this step failed (exit 3; its output is above): npm ci\n"


def test_each_bench_flag_builds_what_its_script_needs_then_runs_it(build, monkeypatch):
    """`build.py bench --FLAG`: the kernels, every model, or --model's (and --draft-model's) built first, then
    bench/<its script> with the other arguments; no flag: bench/run.py with all of them."""
    calls: list[tuple] = []
    monkeypatch.setattr(build, "ensure_system_packages", lambda: None)
    monkeypatch.setattr(build, "shaders", lambda argv: calls.append(("kernels",)) or 0)
    monkeypatch.setattr(build, "build", lambda models: calls.append(("models", *models)))
    monkeypatch.setattr(build, "subprocess", SimpleNamespace(
        run=lambda cmd, cwd: calls.append(("run", Path(cmd[1]).relative_to(cwd).as_posix(), *cmd[2:])) or
        SimpleNamespace(returncode=0)))
    model = ["--model", "qwen2.5-coder-0.5b"]
    both = ("models", "smollm2-135m", "qwen2.5-coder-0.5b")  # the default model is always built
    built = {"shaders": ("kernels",), "all": both, "model": both}
    for flag, (script, builds) in build.BENCHES.items():
        calls.clear()
        assert build.bench([flag, *model]) == 0
        assert calls == [built[builds], ("run", f"bench/{script}", *model)], flag
        assert (ROOT / "bench" / script).is_file(), script
    calls.clear()
    build.bench(["--speculative", "--draft-model", "qwen2.5-coder-0.5b"])
    assert calls[0] == both
    calls.clear()
    build.bench(["--repeats", "2"])
    assert calls == [("models", "smollm2-135m"), ("run", "bench/run.py", "--repeats", "2")]

"""pyrite (or python -m pyrite) generate | score | info | convert | serve

Models are resolved by id (a directory under dist/models, built by `python build.py`) or by path.
--backend native runs on wgpu-py; --backend browser runs the same work in headless Chromium through
the page's worker (pyrite.driver). serve DIR serves a converted model directory to pages of any origin,
or a built site with its strict headers (pyrite.serve).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from .drafts import DEFAULT_DRAFT, MAX_DRAFT, METHODS
from .errors import PyriteError
from .sampling import MAX_WINDOW, SamplingParams
from .schema import SPECULATIVE
from .sync import run_sync


def repo_root() -> Path:
    """The checkout that holds this package (editable install), else the working directory."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").exists() and (parent / "build.py").exists():
            return parent
    return Path.cwd()


def resolve_model(model: str) -> Path:
    """A path to a model directory, or an id under dist/models."""
    p = Path(model)
    if (p / "model.json").exists():
        return p
    models = repo_root() / "dist" / "models"
    if (models / model / "model.json").exists():
        return models / model
    have = sorted(d.name for d in models.iterdir() if (d / "model.json").exists()) if models.exists() else []
    raise PyriteError(f"no model {model!r}: not a model directory, and not an id under {models} "
                      f"(have: {', '.join(have) or 'none; run `python build.py`'})")


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1 (so --max-tokens -3 is refused, not run)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def port_number(text: str) -> int:
    """argparse type: a TCP port, 0 .. 65535 (0: any free one)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be in 0 .. 65535, got {value}")
    return value


def _speculative(a: argparse.Namespace) -> dict[str, Any] | bool:
    """--speculative METHOD [--max-draft N] [--draft-model DIR] as the request field (checked: RequestError
    naming it)."""
    if a.speculative is None:
        for flag, given in (("--max-draft", a.max_draft), ("--draft-model", a.draft_model)):
            if given is not None:
                raise PyriteError(f"{flag}: an argument of --speculative, which is not given")
        return False
    value = {"method": a.speculative, **({"max_draft": a.max_draft} if a.max_draft is not None else {}),
             **({"model": a.draft_model} if a.draft_model is not None else {})}
    return SPECULATIVE.check(value)


def _sampling(a: argparse.Namespace) -> SamplingParams:
    if a.greedy or a.temperature == 0:
        return SamplingParams(seed=a.seed)
    return SamplingParams(temperature=a.temperature, top_k=a.top_k, top_p=a.top_p, min_p=a.min_p,
                          repetition_penalty=a.repetition_penalty, repetition_window=a.repetition_window, seed=a.seed)


# -- native ----------------------------------------------------------------------------------------

def _options(a: argparse.Namespace) -> dict[str, Any]:
    """--option name=value (repeatable) -> runtime options, each checked (OptionError names it)."""
    from .graph.options import parse_option
    return dict(parse_option(text) for text in a.option or [])


def read_json(path: str, what: str) -> Any:
    """A JSON file a flag names (--tools, --json-schema); PyriteError naming the flag and the file."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise PyriteError(f"{what} {path}: {e}") from None


def turn_options(a: argparse.Namespace) -> dict[str, Any]:
    """The chat turn's tools, tool_choice, response_format and enable_thinking from the flags (checked by
    the engine, before any GPU work, as every request's are)."""
    out: dict[str, Any] = {}
    if a.tools:
        out["tools"] = read_json(a.tools, "--tools")
    if a.tool_choice:
        out["tool_choice"] = a.tool_choice if a.tool_choice in ("auto", "none", "required") else \
            {"type": "function", "function": {"name": a.tool_choice}}
    if a.json_schema:
        out["response_format"] = {"type": "json_schema", "json_schema": {
            "name": Path(a.json_schema).stem, "schema": read_json(a.json_schema, "--json-schema")}}
    elif a.json_object:
        out["response_format"] = {"type": "json_object"}
    if a.thinking is not None:
        out["enable_thinking"] = a.thinking
    given = [flag for flag, value in (("--tools", a.tools), ("--tool-choice", a.tool_choice),
                                      ("--json-schema", a.json_schema), ("--json-object", a.json_object),
                                      ("--thinking / --no-thinking", a.thinking is not None)) if value]
    if given and not a.chat:
        raise PyriteError(f"{', '.join(given)}: a chat turn's options, which need --chat")
    return out


def _show_message(message: dict[str, Any]) -> None:
    """What a chat turn wrote beside its streamed content: its reasoning (stderr) and its tool calls."""
    if message.get("reasoning_content"):
        print(f"[reasoning] {message['reasoning_content']}", file=sys.stderr)
    for call in message.get("tool_calls") or []:
        print(f"[tool call] {call['function']['name']}({call['function']['arguments']})")


async def _native_generate(a: argparse.Namespace) -> dict[str, Any]:
    from .engine import Engine
    params, options, turn = _sampling(a), _options(a), turn_options(a)  # bad flags fail before the model loads
    speculative = _speculative(a)
    engine = await Engine.load(resolve_model(a.model), max_ctx=a.max_ctx, options=options)
    if a.chat:
        for text in engine.prompts.notices:
            print(f"note: {text}", file=sys.stderr)
    if a.roofline:
        await engine.measure_read_bandwidth()
    out: dict[str, Any] = {"text": ""}
    if a.chat:
        chunks = await engine.chat_completion([{"role": "user", "content": a.prompt}], stream=True,
                                              max_tokens=a.max_tokens, speculative=speculative, **turn,
                                              **params.to_options())
        message: dict[str, Any] = {"role": "assistant", "content": "", "reasoning_content": "", "tool_calls": []}
        async for c in chunks:
            delta, out["finish_reason"] = c["choices"][0]["delta"], c["choices"][0]["finish_reason"]
            for key in ("content", "reasoning_content"):
                message[key] += delta.get(key) or ""
            message["tool_calls"] += [{k: v for k, v in call.items() if k != "index"}
                                      for call in delta.get("tool_calls", [])]
            out["text"] += _echo(a, delta.get("content") or "")
        out["message"] = {k: v for k, v in message.items() if v or k == "content"}
    else:
        async for piece in engine.generate(a.prompt, a.max_tokens, params, speculative=speculative):
            out["text"] += _echo(a, piece)
    if not a.json:
        print()
        _show_message(out.get("message", {}))
    out["stats"] = engine.stats.to_dict()
    return out | engine.step_report() if a.attest else out


def _echo(a: argparse.Namespace, piece: str) -> str:
    """A streamed piece, printed as it comes unless the output is one JSON object."""
    if not a.json:
        print(piece, end="", flush=True)
    return piece


async def _native_score(a: argparse.Namespace, source: str | list[int]) -> dict[str, Any]:
    from .engine import Engine
    options = _options(a)
    engine = await Engine.load(resolve_model(a.model), max_ctx=a.max_ctx, options=options)
    ids = source if isinstance(source, list) else engine.encode(source)
    return await engine.score(ids)


def read_ids(path: str) -> list[int]:
    """--ids-file: a JSON list of token ids (non-negative ints)."""
    try:
        ids = json.loads(Path(path).read_text(encoding="utf-8"))
    except ValueError as e:
        raise PyriteError(f"{path}: not JSON ({e})") from None
    if not isinstance(ids, list) or not all(type(i) is int and i >= 0 for i in ids):
        raise PyriteError(f"{path}: expected a JSON list of token ids (non-negative integers)")
    return ids


async def _native_info() -> dict[str, Any]:
    from .gpu import request_device
    return (await request_device()).describe()


# -- browser ----------------------------------------------------------------------------------------

def _browser_model(model: str) -> str:
    """The page serves dist/: a model is addressed by its path relative to dist."""
    path = resolve_model(model).resolve()
    dist = (repo_root() / "dist").resolve()
    if dist not in path.parents:
        raise PyriteError(f"--backend browser serves dist/: model {model!r} must live under {dist}/models")
    return str(path.relative_to(dist))


def _browser(a: argparse.Namespace, source: str | list[int] | None = None) -> dict[str, Any]:
    from .driver import BrowserSession
    with BrowserSession(repo_root() / "dist") as s:
        if a.cmd == "info":
            return s.info()
        options = _options(a)
        params = _sampling(a) if a.cmd == "generate" else None  # checked before the page loads anything
        if a.cmd == "generate":
            turn_options(a)
            speculative = _speculative(a)
        s.load(_browser_model(a.model))
        if options:
            s.set_options(**options)
        if a.cmd == "generate" and a.roofline:
            s.probe()
        if a.cmd == "score":
            return s.score(source if isinstance(source, list) else s.encode(source, chat=False))
        if a.chat:
            out = s.call("chat", messages=[{"role": "user", "content": a.prompt}],
                         options={"max_tokens": a.max_tokens, **turn_options(a), **params.to_options(),
                                  "speculative": speculative})
            result = {"text": out["message"]["content"] or "", "finish_reason": out["finish_reason"],
                      "message": out["message"], "stats": out["stats"]}
        else:
            out = s.generate(a.prompt, max_tokens=a.max_tokens, chat=False, speculative=speculative,
                             **params.to_options())
            result = {"text": out["text"], "stats": out["stats"]}
        if not a.json:
            print(result["text"])
            _show_message(result.get("message", {}))
        return result | out["steps"] if a.attest else result


# -- commands ---------------------------------------------------------------------------------------

def cmd_generate(a: argparse.Namespace) -> dict[str, Any]:
    return _browser(a) if a.backend == "browser" else run_sync(_native_generate(a))


def cmd_score(a: argparse.Namespace) -> dict[str, Any]:
    source = read_ids(a.ids_file) if a.ids_file else Path(a.text_file).read_text(encoding="utf-8")
    return _browser(a, source) if a.backend == "browser" else run_sync(_native_score(a, source))


def cmd_info(a: argparse.Namespace) -> dict[str, Any]:
    return _browser(a) if a.backend == "browser" else run_sync(_native_info())


def cmd_convert(a: argparse.Namespace) -> dict[str, Any]:
    progress = None if a.json else (lambda line: print(line, flush=True))
    if a.hf:
        from .models.convert_hf import convert_hf
        out = convert_hf(a.hf, a.out, recipe=a.recipe, name=a.name, progress=progress)
    else:
        from .models.convert import convert_gguf
        out = convert_gguf(a.gguf, a.out, recipe=a.recipe, name=a.name, progress=progress)
    return {"model": str(out)}


def cmd_serve(a: argparse.Namespace) -> dict[str, Any]:
    from .serve import HANDLERS, classify, make_server, run_server
    root = Path(a.dir)
    handler = HANDLERS[classify(root)]
    try:
        server = make_server(root, a.host, a.port, handler)
    except OSError as e:  # bind: the port taken, or the host not this machine's
        raise PyriteError(f"cannot serve on {a.host}:{a.port} ({e.strerror or e}): is another server using "
                          f"port {a.port}? Pick another with --port") from None
    run_server(server, root, a.host)
    return {}


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pyrite", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)

    def common(sp: argparse.ArgumentParser, model: bool = True) -> None:
        if model:
            sp.add_argument("--model", default="smollm2-135m", help="model id under dist/models, or a path")
            sp.add_argument("--max-ctx", type=positive_int, default=2048)
            sp.add_argument("--option", action="append", metavar="NAME=VALUE",
                            help="a runtime option, e.g. sdpa_query_tile=32 (repeatable)")
        sp.add_argument("--backend", choices=("native", "browser"), default="native")
        sp.add_argument("--json", action="store_true", help="print one JSON object")

    g = sub.add_parser("generate", help="generate text from a prompt")
    common(g)
    g.add_argument("--prompt", required=True)
    g.add_argument("--max-tokens", type=positive_int, default=128)
    g.add_argument("--greedy", action="store_true")
    g.add_argument("--temperature", type=float, default=0.0)
    g.add_argument("--top-k", type=int, default=0)
    g.add_argument("--top-p", type=float, default=1.0)
    g.add_argument("--min-p", type=float, default=0.0)
    g.add_argument("--repetition-penalty", type=float, default=1.0)
    g.add_argument("--repetition-window", type=int, default=MAX_WINDOW,
                   help=f"positions the penalty looks back (at most {MAX_WINDOW})")
    g.add_argument("--seed", type=int, default=None)
    g.add_argument("--speculative", choices=METHODS, help="speculative decoding: draft tokens from the prompt "
                   "(ngram) or by a draft model (draft, with --draft-model) and verify them in one forward; the "
                   "same output, usage in --json's stats")
    g.add_argument("--max-draft", type=positive_int, default=None, help=f"with --speculative: the most tokens a "
                   f"draft holds (1 .. {MAX_DRAFT}, default {DEFAULT_DRAFT})")
    g.add_argument("--draft-model", metavar="DIR", default=None, help="with --speculative draft: the drafting "
                   "model's directory (a smaller model with the same vocabulary)")
    g.add_argument("--chat", action="store_true", help="wrap the prompt in the model's chat template")
    g.add_argument("--tools", metavar="FILE.json", help="with --chat: functions the model may call (OpenAI's "
                   "tools list); its calls print as [tool call] lines")
    g.add_argument("--tool-choice", metavar="auto|none|required|NAME",
                   help="with --tools: whether and which function the model must call")
    g.add_argument("--json-schema", metavar="FILE.json", help="with --chat: the answer is JSON valid against this "
                   "schema (constrained on the GPU)")
    g.add_argument("--json-object", action="store_true", help="with --chat: the answer is a JSON object")
    g.add_argument("--thinking", action=argparse.BooleanOptionalAction, default=None,
                   help="a thinking model's reasoning on or off (default: its template's own)")
    g.add_argument("--roofline", action="store_true",
                   help="measure the adapter's read bandwidth first (about a second): stats then carry "
                        "read_probe_gbps and roofline, decode's fraction of it")
    g.add_argument("--attest", action="store_true",
                   help="with --json: the routes and dispatch counts of the first prefill and last decode step")
    s = sub.add_parser("score", help="teacher-forced top-1 and log-probabilities over a text")
    common(s)
    given = s.add_mutually_exclusive_group(required=True)
    given.add_argument("--text-file", help="the text to score (tokenized with the model's tokenizer)")
    given.add_argument("--ids-file", help="a JSON list of token ids (any checkpoint, no tokenizer needed)")
    common(sub.add_parser("info", help="adapter, backend, features and limits"), model=False)
    c = sub.add_parser("convert", help="GGUF file or HF checkpoint -> pyrite model directory")
    src = c.add_mutually_exclusive_group(required=True)
    src.add_argument("--gguf", help="a GGUF file")
    src.add_argument("--hf", help="an HF checkpoint directory (config.json + safetensors, tokenizer.json if any)")
    c.add_argument("--out", required=True)
    c.add_argument("--recipe", choices=("exact", "q8", "q4"), default="exact",
                   help="exact: lossless (GGUF blocks repacked, HF floats as f32); q8 / q4: 2-D weights requantized")
    c.add_argument("--name", default=None)
    c.add_argument("--json", action="store_true")
    v = sub.add_parser("serve", help="serve a model directory (to pages of any origin: CORS) or a built site")
    v.add_argument("dir", metavar="DIR", help="a converted model directory (model.json) or a built site "
                   "(index.html / build.json)")
    v.add_argument("--host", default="127.0.0.1")
    v.add_argument("--port", type=port_number, default=8000, help="0: any free port (printed)")
    v.set_defaults(json=False)
    return p


COMMANDS = {"generate": cmd_generate, "score": cmd_score, "info": cmd_info, "convert": cmd_convert,
            "serve": cmd_serve}


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")  # wgpu-native's Vulkan loader warns without it
    a = parser().parse_args(argv)
    try:
        result = COMMANDS[a.cmd](a)
    except (PyriteError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.json or a.cmd in ("score", "info"):
        print(json.dumps(result))
    return 0

"""The worker seam (pyrite.web) natively: one request table behind one entry, events through emit, every
error in one shape {kind, message, details}, and one schema (pyrite.schema) that every request is checked
against and that the worker hands the page. The page runs the same module (tests/browser)."""
import json
import math
import re
from pathlib import Path

import pytest

from pyrite import schema, web
from pyrite.errors import FieldError, LimitError, PyriteError, RequestError
from pyrite.graph.options import OPTIONS, OptionError, check_option
from pyrite.sampling import SAMPLING_FIELDS, SamplingError, SamplingParams
from pyrite.sync import run_sync

DOCS = Path(__file__).resolve().parents[1] / "docs"
JS_KINDS = {"WorkerError", "LoadError"}  # raised by pyrite.js / worker.js themselves (docs/errors.md)
MESSAGES = [{"role": "user", "content": "Hi"}]


def call(type: str, payload=None, raw: str | None = None) -> tuple[dict, list[tuple[str, str]]]:
    events: list[tuple[str, str]] = []
    answer = run_sync(web.handle(type, raw if raw is not None else json.dumps(payload or {}),
                                 lambda event, data: events.append((event, data))))
    return json.loads(answer), events


@pytest.fixture(scope="module")
def loaded(smollm2_model):
    answer, events = call("load", {"model": str(smollm2_model), "max_ctx": 128})
    yield answer, events
    if web._engine is not None:
        web._engine.close()
        web._engine = None


# -- the schema ------------------------------------------------------------------------------------

def test_the_schema_is_exported_once_with_every_request_option_and_kind():
    exported = json.loads(web.schema_json())
    assert set(web.REQUESTS) <= set(exported["requests"]) == set(schema.REQUESTS)
    assert {"chat.completions", "completions"} <= set(exported["requests"])
    assert exported["options"] == {name: {"type": "choice", "default": opt.default, "kind": "OptionError",
                                          "must": f"one of {', '.join(repr(v) for v in opt.values)}", "doc": opt.doc,
                                          "values": list(opt.values)} for name, opt in OPTIONS.items()}
    assert exported["errors"] == schema.ERROR_KINDS
    chat = exported["requests"]["chat.completions"]["fields"]
    for f in SAMPLING_FIELDS:  # the sampling table itself, bounds and all
        assert chat[f.name] == exported["requests"]["chat"]["options"][f.name] == f.to_json()
        assert chat[f.name]["kind"] == "SamplingError"
    assert chat["top_k"] == {"type": "integer", "default": 0, "kind": "SamplingError", "must": "in 0 .. 256",
                             "doc": chat["top_k"]["doc"], "minimum": 0, "maximum": 256}
    assert chat["top_p"]["exclusive_minimum"] and "exclusive_maximum" not in chat["top_p"]
    assert chat["messages"]["values"] == ["system", "user", "assistant", "tool"] and chat["messages"]["required"]
    for request in exported["requests"].values():
        for f in [*request["fields"].values(), *request.get("options", {}).values()]:
            assert f["kind"] in exported["errors"]


def test_sampling_params_are_the_sampling_table():
    assert [f.name for f in SAMPLING_FIELDS] == list(SamplingParams.__dataclass_fields__)
    assert SamplingParams() == SamplingParams(**{f.name: f.default for f in SAMPLING_FIELDS})
    for f in SAMPLING_FIELDS:
        with pytest.raises(SamplingError) as e:
            SamplingParams(**{f.name: "x"})
        assert e.value.field == f.name and f.must in str(e.value)


@pytest.mark.parametrize("name,request_,kind,field", [
    ("chat.completions", {"messages": MESSAGES, "top_k": 257}, SamplingError, "top_k"),
    ("chat.completions", {"messages": MESSAGES, "repetition_window": -1}, SamplingError, "repetition_window"),
    ("chat.completions", {"messages": MESSAGES, "temperature": math.nan}, SamplingError, "temperature"),
    ("chat.completions", {"messages": MESSAGES, "seed": 2 ** 64}, SamplingError, "seed"),
    ("chat.completions", {"messages": MESSAGES, "max_tokens": 0}, RequestError, "max_tokens"),
    ("chat.completions", {"messages": MESSAGES, "max_tokens": 2.5}, RequestError, "max_tokens"),
    ("chat.completions", {"messages": MESSAGES, "stop": ["a", ""]}, RequestError, "stop"),
    ("chat.completions", {"messages": MESSAGES, "stream": 1}, RequestError, "stream"),
    ("chat.completions", {"messages": MESSAGES, "beam_width": 4}, RequestError, "beam_width"),
    ("chat.completions", {"messages": MESSAGES, "model": "other"}, RequestError, "model"),
    ("chat.completions", {}, RequestError, "messages"),
    ("chat.completions", {"messages": []}, RequestError, "messages"),
    ("chat.completions", {"messages": [MESSAGES[0], "hi"]}, RequestError, "messages[1]"),
    ("chat.completions", {"messages": [{"content": "x"}]}, RequestError, "messages[0].role"),
    ("chat.completions", {"messages": [{"role": "robot", "content": "x"}]}, RequestError, "messages[0].role"),
    ("chat.completions", {"messages": [{"role": "user", "content": ["x"]}]}, RequestError, "messages[0].content"),
    ("chat.completions", {"messages": [{"role": "user", "content": "x", "name": "a"}]}, RequestError,
     "messages[0].name"),
    ("chat.completions", [MESSAGES], RequestError, "request"),
    ("completions", {"prompt": 3}, RequestError, "prompt"),
    ("generate", {"prompt": "x", "options": {"chat": "yes"}}, RequestError, "chat"),
    ("generate", {"prompt": "x", "options": [1]}, RequestError, "options"),
    ("load", {}, RequestError, "model"),
    ("load", {"model": "m", "max_ctx": -1}, RequestError, "max_ctx"),
    ("score", {"ids": [1, -2]}, RequestError, "ids"),
])
def test_a_bad_field_is_refused_with_its_kind_naming_it(name, request_, kind, field):
    with pytest.raises(FieldError) as e:
        schema.check_request(name, request_, model="smollm2-135m")
    assert type(e.value) is kind and e.value.field == field and field.split("[")[0] in str(e.value)


def test_a_good_request_comes_back_with_its_defaults():
    got = schema.check_request("chat.completions", {"messages": MESSAGES, "stop": "x", "seed": 3},
                               model="smollm2-135m")
    assert got["max_tokens"] == 256 and got["stop"] == "x" and got["seed"] == 3 and got["temperature"] == 0.0
    assert schema.stops(got["stop"]) == ("x",) and schema.stops(None) == () and schema.stops(["a", "b"]) == ("a", "b")
    assert schema.check_request("generate", {"prompt": "x"})["options"]["chat"] is True


def test_runtime_options_are_refused_by_name():
    with pytest.raises(OptionError) as e:
        check_option("sdpa_query_tile", 24)
    assert e.value.field == "sdpa_query_tile" and "sdpa_query_tile=24 is not allowed" in str(e.value)
    with pytest.raises(OptionError) as e:
        check_option("no_such_option", 1)
    assert e.value.field == "no_such_option"
    with pytest.raises(OptionError):
        check_option("decode_batch", True)  # a bool is no 1


def test_the_kinds_list_is_every_error_that_crosses_and_docs_errors_tables_them():
    assert all(issubclass(cls, PyriteError) for cls in schema.SEAM_ERRORS)
    assert list(schema.ERROR_KINDS) == [cls.__name__ for cls in schema.SEAM_ERRORS]
    assert all(line and "\n" not in line for line in schema.ERROR_KINDS.values())
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]+) \|", (DOCS / "errors.md").read_text(), re.M))
    assert set(rows) == set(schema.ERROR_KINDS) | JS_KINDS
    for kind, line in schema.ERROR_KINDS.items():
        assert rows[kind].strip() == line, kind


# -- errors across the seam ------------------------------------------------------------------------

def test_every_request_is_in_the_table_and_the_worker_learns_the_immediate_ones():
    assert {"load", "generate", "generate_ids", "encode", "score", "profile", "probe", "cases", "options",
            "info"} <= set(web.REQUESTS)
    assert json.loads(web.immediate_types()) == ["lose_device", "stop"]


def test_unknown_requests_and_bad_payloads_are_protocol_errors():
    answer, _ = call("no_such_request")
    assert answer["error"]["kind"] == "ProtocolError" and "no_such_request" in answer["error"]["message"]
    answer, _ = call("info", raw="[1, 2]")
    assert answer["error"]["kind"] == "ProtocolError" and "JSON object" in answer["error"]["message"]
    answer, _ = call("info", raw="{not json")
    assert answer["error"]["kind"] == "ProtocolError"
    assert json.loads(web.run_immediate("generate"))["error"]["kind"] == "ProtocolError"


def test_a_typed_error_crosses_with_its_fields():
    shape = web.error_shape(LimitError("blk.0.ffn_up", 4096, "maxStorageBufferBindingSize", 1024))
    assert shape["kind"] == "LimitError" and "exceeds the adapter's maxStorageBufferBindingSize" in shape["message"]
    assert shape["details"] == {"what": "blk.0.ffn_up", "size": 4096, "limit_name": "maxStorageBufferBindingSize",
                                "limit": 1024}
    assert web.error_shape(SamplingError("top_k", "top_k must be ..."))["details"] == {"field": "top_k"}


def test_an_unexpected_exception_crosses_as_internal_error_with_type_message_and_traceback():
    def lookup():
        return {}["model"]
    try:
        lookup()
    except KeyError as e:
        shape = web.error_shape(e)
    assert shape["kind"] == "InternalError" and shape["message"] == "KeyError: 'model'"
    assert shape["details"]["type"] == "KeyError" and shape["details"]["message"] == "'model'"
    assert "in lookup" in shape["details"]["traceback"] and "KeyError: 'model'" in shape["details"]["traceback"]


def test_a_bad_field_through_handle_names_it_before_any_model_is_needed():
    answer, _ = call("load", {"model": "models/x", "max_ctx": "big"})
    assert answer["error"] == {"kind": "RequestError", "message": "max_ctx must be an integer >= 1, got 'big'",
                               "details": {"field": "max_ctx"}}
    answer, _ = call("generate", {"prompt": "x", "options": {"top_k": 300}})
    assert answer["error"]["kind"] == "SamplingError" and answer["error"]["details"] == {"field": "top_k"}


@pytest.mark.gpu
def test_a_bug_in_a_request_arrives_with_its_traceback():
    answer, _ = call("cases", {"cases": [{}]})  # Case.from_json reads d["op"]
    error = answer["error"]
    assert error["kind"] == "InternalError" and error["details"]["type"] == "KeyError"
    assert "from_json" in error["details"]["traceback"] and error["message"] == "KeyError: 'op'"


@pytest.mark.gpu
@pytest.mark.model
def test_load_reports_progress_then_generate_streams_pieces(loaded):
    answer, events = loaded
    assert answer["result"]["model"] == "smollm2-135m" and answer["result"]["max_ctx"] == 128
    progress = [json.loads(data) for event, data in events if event == "progress"]
    phases = [p["phase"] for p in progress]
    assert list(dict.fromkeys(phases)) == ["weights", "upload", "plan", "pipelines"]  # in order, natively no runtime
    pipelines = [p for p in progress if p["phase"] == "pipelines"]
    assert all(p["done"] <= p["total"] for p in pipelines) and pipelines[-1]["done"] == pipelines[-1]["total"] > 0
    weights = [p for p in progress if p["phase"] == "weights"]
    assert weights[-1]["done"] == weights[-1]["total"] > 90_000_000  # one source, in bytes, to the end
    answer, events = call("generate", {"prompt": "The history of the Roman Empire is",
                                       "options": {"max_tokens": 5, "chat": False}})
    pieces = [data for event, data in events if event == "piece"]
    assert answer["result"]["stats"]["generated_tokens"] == 5 and "".join(pieces).startswith(" often")
    answer, _ = call("generate", {"prompt": "Hi", "options": {"max_tokens": 2, "temperature": -1}})
    assert answer["error"]["kind"] == "SamplingError" and answer["error"]["details"]["field"] == "temperature"


@pytest.mark.gpu
@pytest.mark.model
def test_chat_through_handle_and_its_field_errors(loaded):
    answer, events = call("chat", {"messages": [{"role": "user", "content": "Name a color."}],
                                   "options": {"max_tokens": 2, "stop": []}})
    assert answer["result"]["stats"]["generated_tokens"] >= 1 and any(e == "piece" for e, _ in events)
    answer, _ = call("chat", {"messages": [{"role": "user", "content": 3}], "options": {"max_tokens": 2}})
    assert answer["error"]["kind"] == "RequestError" and answer["error"]["details"] == {"field": "messages[0].content"}
    answer, _ = call("options", {"options": {"sdpa_query_tile": 24}})
    assert answer["error"]["kind"] == "OptionError" and answer["error"]["details"] == {"field": "sdpa_query_tile"}


@pytest.mark.gpu
@pytest.mark.model
def test_immediate_requests_run_through_either_entry(loaded):
    assert json.loads(web.run_immediate("stop")) == {"result": None}
    answer, _ = call("stop")
    assert answer == {"result": None}

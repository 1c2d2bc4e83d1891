"""The worker seam (pyrite.web) natively: one request table behind one entry, events through emit, and
every error in one shape {kind, message, details}. The page runs the same module (tests/browser)."""
import json

import pytest

from pyrite import web
from pyrite.errors import LimitError
from pyrite.sync import run_sync

pytestmark = [pytest.mark.gpu, pytest.mark.model]


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
    assert web.error_shape(KeyError("x"))["kind"] == "InternalError"


def test_load_reports_progress_then_generate_streams_pieces(loaded):
    answer, events = loaded
    assert answer["result"]["model"] == "smollm2-135m" and answer["result"]["max_ctx"] == 128
    phases = [json.loads(data)["phase"] for event, data in events if event == "progress"]
    assert {"upload", "shaders"} <= set(phases)
    answer, events = call("generate", {"prompt": "The history of the Roman Empire is",
                                       "options": {"max_tokens": 5, "chat": False}})
    pieces = [data for event, data in events if event == "piece"]
    assert answer["result"]["stats"]["generated_tokens"] == 5 and "".join(pieces).startswith(" often")
    answer, _ = call("generate", {"prompt": "Hi", "options": {"max_tokens": 2, "temperature": -1}})
    assert answer["error"]["kind"] == "SamplingError" and answer["error"]["details"]["option"] == "temperature"


def test_immediate_requests_run_through_either_entry(loaded):
    assert json.loads(web.run_immediate("stop")) == {"result": None}
    answer, _ = call("stop")
    assert answer == {"result": None}

"""Multi-turn chat natively (SmolLM2): each turn prefills only what follows the longest common prefix
with the KV cache, an edited earlier message re-prefills from its first changed token, the reused
answer equals a full prefill's, and stop strings cut the text."""
import pytest

from pyrite.kvstate import common_prefix
from pyrite.errors import EngineBusyError, RequestError
from pyrite.sync import run_sync

pytestmark = [pytest.mark.gpu, pytest.mark.model]


def chat(engine, messages, **kw):
    async def go():
        return "".join([p async for p in engine.chat(messages, **kw)])
    return run_sync(go())


def ids_of(engine, **kw):
    async def go():
        return [t async for t in engine.generate_ids(**kw)]
    return run_sync(go())


def test_three_turns_prefill_only_the_new_tokens(smollm2_engine):
    e = smollm2_engine
    convo = [{"role": "user", "content": "Name a color."}]
    first = chat(e, convo, max_tokens=6)
    assert e.stats.reused_tokens == 0 and e.stats.prefilled_tokens == e.stats.prompt_tokens
    for turn, question in enumerate(("And another one?", "Which do you like best?"), start=2):
        held = list(e.kv.ids)
        convo += [{"role": "assistant", "content": first}, {"role": "user", "content": question}]
        ids = e.encode_chat(convo)
        first = chat(e, convo, max_tokens=6)
        s = e.stats
        assert s.reused_tokens == common_prefix(held, ids) and s.reused_tokens >= len(held) - 8, (turn, s)
        assert s.prefilled_tokens == len(ids) - s.reused_tokens < len(ids) // 2, (turn, s)
        # prefill speed counts what was prefilled, not the reused tokens the cache held
        assert s.prefill_tok_s == pytest.approx(s.prefilled_tokens / s.ttft_s), (turn, s)


def test_an_edited_earlier_message_prefills_from_its_first_changed_token(smollm2_engine):
    e = smollm2_engine
    convo = [{"role": "user", "content": "Name a color."}, {"role": "assistant", "content": "Blue."},
             {"role": "user", "content": "And a fruit?"}]
    chat(e, convo, max_tokens=2)
    edited = [{"role": "user", "content": "Name an animal."}, *convo[1:]]
    held, ids = list(e.kv.ids), e.encode_chat(edited)
    chat(e, edited, max_tokens=2)
    changed = common_prefix(e.encode_chat(convo), ids)  # where the edited message starts to differ
    assert common_prefix(held, ids) == e.stats.reused_tokens == changed < len(ids) - 8
    assert e.stats.prefilled_tokens == len(ids) - changed


def test_a_reused_prefix_gives_the_full_prefills_greedy_tokens(smollm2_engine):
    e = smollm2_engine
    ids = e.encode("The history of the Roman Empire is")
    full = ids_of(e, ids=ids, max_tokens=8)
    again = ids_of(e, ids=ids + full[:4], max_tokens=4, reuse=True)
    assert e.stats.prefilled_tokens == 1 and e.stats.reused_tokens == len(ids) + 3
    assert again == full[4:]


def test_stop_strings_cut_the_answer(smollm2_engine):
    e = smollm2_engine
    async def text(**kw):
        return "".join([p async for p in e.generate("The history of the Roman Empire is", **kw)])
    whole = run_sync(text(max_tokens=12))
    assert "divided" in whole
    cut = run_sync(text(max_tokens=12, stop=("divided",)))
    assert cut == whole[:whole.index("divided")] and e.stats.stop_reason == "stop_string"


@pytest.mark.parametrize("messages", [[], "hi", [{"role": "robot", "content": "x"}], [{"role": "user"}]])
def test_messages_that_are_not_a_conversation_are_refused(smollm2_engine, messages):
    with pytest.raises(RequestError, match="messages") as e:  # the seam's own check and kind
        chat(smollm2_engine, messages, max_tokens=2)
    assert e.value.field.startswith("messages")


def test_a_second_generation_while_one_runs_is_refused_never_interleaved(smollm2_engine):
    e = smollm2_engine
    async def go():
        first = e.generate("The history of the Roman Empire is", max_tokens=8)
        got = [await anext(first)]
        with pytest.raises(EngineBusyError, match="while a generation runs"):
            async for _ in e.generate("Hello", max_tokens=2):
                pass
        with pytest.raises(EngineBusyError):
            await e.score(e.encode("Hello there"))
        got += [p async for p in first]  # the first one goes on, unharmed
        async for _ in e.generate("Hello", max_tokens=8):  # a consumer that leaves early...
            break
        return "".join(got), "".join([p async for p in e.generate("Hello", max_tokens=2)])  # ...frees it
    whole, after = run_sync(go())
    assert whole.startswith(" often divided") and after

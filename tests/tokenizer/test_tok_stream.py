"""StreamDecoder: whole UTF-8 out of every push, the same text as decode."""
from __future__ import annotations

from pyrite.tokenizer import StreamDecoder


def _stream(tok, ids, skip_special=False):
    dec = StreamDecoder(tok, skip_special=skip_special)
    pieces = [dec.push(i) for i in ids]
    return pieces, dec.flush()


def test_concatenation_equals_decode(tok, corpus):
    for text in corpus:
        ids = tok.encode(text)
        pieces, tail = _stream(tok, ids)
        assert "".join(pieces) + tail == tok.decode(ids)
        assert tail == ""


def test_partial_characters_are_held_back(tok):
    text = "👨‍👩‍👧‍👦 日本語 🤖"
    ids = tok.encode(text)
    pieces, _ = _stream(tok, ids)
    assert "".join(pieces) == text
    # byte-level BPE splits these characters across tokens, so some pushes must wait
    assert "" in pieces
    assert all("\ufffd" not in p for p in pieces)


def test_flush_releases_an_unfinished_character(tok):
    ids = tok.encode("𓀀")   # a rare 4-byte character: several tokens in both vocabularies
    assert len(ids) > 1
    dec = StreamDecoder(tok)
    assert "".join(dec.push(i) for i in ids[:-1]) == ""
    assert dec.flush() == "\ufffd"
    # and the decoder starts clean afterwards
    assert "".join(dec.push(i) for i in ids) == "𓀀"


def test_skip_special(tok):
    ids = tok.encode("<|im_start|>assistant\nok<|im_end|>")
    pieces, tail = _stream(tok, ids, skip_special=True)
    assert "".join(pieces) + tail == tok.decode(ids, skip_special=True) == "assistant\nok"


def test_text_pieces_stop_reading_tokens_at_a_stop_string(tok):
    """text_pieces: the stream's text cut before the first stop string, and no token read past it (a
    generation behind the stream ends there)."""
    from pyrite.sync import run_sync
    from pyrite.tokenizer import StopText, text_pieces
    ids = tok.encode("Answer: 42\nUser: next question, and more")
    read = []

    async def tokens():
        for t in ids:
            read.append(t)
            yield t

    async def go(stops):
        cut = StopText(stops)
        return "".join([p async for p in text_pieces(tokens(), StreamDecoder(tok), cut)]), cut.hit
    assert run_sync(go(("\nUser:",))) == ("Answer: 42", True)
    assert len(read) < len(ids)
    read.clear()
    assert run_sync(go(())) == (tok.decode(ids), False) and read == ids

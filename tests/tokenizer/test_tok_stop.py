"""StopText: the text before the first stop string, whatever the pieces' boundaries."""
import itertools

import pytest

from pyrite.tokenizer import StopText


def run(pieces, stops):
    s = StopText(tuple(stops))
    out = "".join(s.push(p) for p in pieces) + s.flush()
    return out, s.hit


@pytest.mark.parametrize("cut", range(1, 12))
def test_any_split_of_the_stream_gives_the_text_before_the_first_stop(cut):
    text = "Answer: 42\nUser: next"
    pieces = [text[i:i + cut] for i in range(0, len(text), cut)]
    assert run(pieces, ["\nUser:", "###"]) == ("Answer: 42", True)
    assert run(pieces, ["zzz"]) == (text, False)
    assert run(pieces, []) == (text, False)


def test_a_held_tail_that_never_becomes_a_stop_comes_out():
    s = StopText(("ENDING",))
    assert s.push("the END") == "the "   # "END" may start "ENDING"
    assert s.push("!") == "END!"
    assert s.push("END") == "" and s.flush() == "END"


def test_the_earliest_of_several_stops_wins_and_nothing_follows():
    s = StopText(("bb", "abc"))
    assert s.push("xxabcbb") == "xx" and s.hit
    assert s.push("more") == "" and s.flush() == ""


@pytest.mark.parametrize("bad", [[""], [3]])
def test_bad_stop_strings_are_refused(bad):
    with pytest.raises(ValueError, match="stop strings"):
        StopText(tuple(bad))


def test_every_two_piece_split_agrees_with_the_whole():
    text = "ab<|x|>cd"
    for i, j in itertools.combinations(range(len(text) + 1), 2):
        assert run([text[:i], text[i:j], text[j:]], ["<|x|>"]) == ("ab", True)

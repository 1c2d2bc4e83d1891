"""KVState (kvstate.py): what the cache holds, and how much of a next prompt needs no prefill."""
from pyrite.kvstate import KVState, common_prefix


def test_common_prefix():
    assert common_prefix([1, 2, 3], [1, 2, 4]) == 2
    assert common_prefix([1, 2], [1, 2, 3]) == 2 and common_prefix([], [1]) == 0 and common_prefix([5], [6]) == 0


def test_reuse_keeps_the_common_prefix_but_never_the_last_token():
    kv = KVState()
    assert kv.reuse([1, 2, 3]) == 0
    kv.commit([1, 2, 3, 4])
    assert kv.reuse([1, 2, 3, 4, 5, 6]) == 4  # a next turn: the held tokens need no prefill
    assert kv.reuse([1, 2, 3, 4]) == 3        # the same prompt: its last token runs again for its logits
    assert kv.reuse([1, 9, 3]) == 1           # an edit: from the first changed token
    kv.clear()
    assert kv.ids == [] and kv.reuse([1, 2, 3]) == 0

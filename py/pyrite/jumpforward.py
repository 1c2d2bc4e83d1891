"""Jump-forward: where a constraint allows exactly one continuation (a key, punctuation, a const), its
tokens are known without the model, so they go through it in the next forward beside the token picked
last (graph/multistep.py) instead of one decode step each.

ForcedRuns mirrors the automaton's state on the host (the GPU keeps its own copy, ops/constrain.py),
walking each token's bytes as the stream yields it, and gives the forced run after a token: the forced
bytes (Automaton.forced) tokenized as the tokenizer writes them, cut to the tokens whose bytes
concatenate exactly to a prefix of those bytes and that the constraint's token table lets through
(no control token, no padding). Bytes left over (a run ending inside a token the tokenizer would merge
with what follows, a split UTF-8 character) are the model's to pick, masked as ever.
"""
from __future__ import annotations

from .constrain import DEAD, START, Automaton
from .tokenizer import Tokenizer


def forced_tokens(tokenizer: Tokenizer, data: bytes) -> list[int]:
    """Tokens whose bytes concatenate to the longest prefix of data they can: the tokenizer's own
    encoding of data's whole UTF-8 characters, cut at the first token that does not match data (or is
    a control or padding token)."""
    text = data.decode("utf-8", errors="ignore")
    while not data.startswith(text.encode("utf-8")):  # a character split or dropped inside data
        text = text[:-1]
    out, at = [], 0
    for t in tokenizer.encode(text, parse_special=False):
        b = tokenizer.token_bytes(t)
        if not b or data[at:at + len(b)] != b or tokenizer.is_control(t) or tokenizer.is_unused(t):
            break
        out.append(t)
        at += len(b)
    return out


class ForcedRuns:
    """A generation's forced runs: the host's copy of the automaton's state, and per state the tokens
    of its forced bytes and the state after them (cached: a schema's keys repeat their states)."""

    def __init__(self, automaton: Automaton, tokenizer: Tokenizer):
        self.automaton, self.tokenizer, self.state = automaton, tokenizer, START
        self.rows: list[int] = []  # the states of the last held draft's rows
        self._runs: dict[int, tuple[list[int], int]] = {}

    def after(self, token: int, limit: int) -> tuple[list[int], int]:
        """token was picked: walk its bytes, then take the forced run."""
        self.state = self.past(self.state, token)
        return self.run(limit)

    def past(self, state: int, token: int) -> int:
        """The state after token from state (a stop token leaves it)."""
        if self.tokenizer.is_control(token):
            return state
        return self.automaton.walk(state, self.tokenizer.token_bytes(token))

    def run(self, limit: int) -> tuple[list[int], int]:
        """The forced run from the state (at most limit tokens). -> the run and the state after it, the
        host's state from now on."""
        got = self._runs.get(self.state)
        if got is None:
            data, _ = self.automaton.forced(self.state)
            tokens = forced_tokens(self.tokenizer, data)
            got = self._runs[self.state] = (tokens, self._walk(tokens))
        tokens, state = got
        limit = max(limit, 0)
        if len(tokens) > limit:
            tokens = tokens[:limit]
            state = self._walk(tokens)
        self.state = state
        return tokens, state

    def held(self, draft: list[int]) -> tuple[list[int], list[int]]:
        """A speculative draft under the constraint: -> the draft cut before its first token the automaton
        refuses from the state (or a control or padding token: the mask decides those at the pick), and
        the state each row's pick is masked from (the state, then after each token kept)."""
        states = self.rows = [self.state]
        for t in draft:
            b = self.tokenizer.token_bytes(t)
            nxt = self.automaton.walk(states[-1], b) if b else DEAD
            if nxt == DEAD or self.tokenizer.is_control(t) or self.tokenizer.is_unused(t):
                break
            states.append(nxt)
        return draft[:len(states) - 1], states

    def stood(self, stood: int, token: int) -> int:
        """After the verify of the last held draft: its first `stood` tokens stand, then token. The state
        is the one before token (the next after() walks it); -> the one after it."""
        self.state = self.rows[stood]
        return self.past(self.state, token)

    def _walk(self, tokens: list[int]) -> int:
        return self.automaton.walk(self.state, b"".join(self.tokenizer.token_bytes(t) for t in tokens))

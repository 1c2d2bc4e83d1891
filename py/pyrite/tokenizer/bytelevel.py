"""GPT-2 byte-level alphabet: every byte maps to one printable character, so a
byte-level BPE vocabulary is a set of ordinary strings ("Ġthe" is b" the")."""
from __future__ import annotations


def _byte_to_char() -> list[str]:
    # Printable latin-1 bytes stand for themselves; the other 68 bytes (controls,
    # space, 0x7f-0xa0, 0xad) take the code points from U+0100 upward, in byte order.
    keep = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAC + 1), *range(0xAE, 0xFF + 1)]
    table, extra = {}, 0
    for b in range(256):
        if b in keep:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + extra)
            extra += 1
    return [table[b] for b in range(256)]


BYTE_TO_CHAR: list[str] = _byte_to_char()
CHAR_TO_BYTE: dict[str, int] = {c: b for b, c in enumerate(BYTE_TO_CHAR)}

# str.translate tables: the encoder works on text.encode("utf-8").decode("latin-1"),
# so both directions run in C instead of a per-byte Python loop.
_ENCODE = {b: c for b, c in enumerate(BYTE_TO_CHAR)}
_DECODE = {ord(c): b for c, b in CHAR_TO_BYTE.items()}


def text_to_symbols(text: str) -> str:
    """The byte-level spelling of text's UTF-8 bytes (one character per byte)."""
    return text.encode("utf-8").decode("latin-1").translate(_ENCODE)


def symbols_to_bytes(token: str) -> bytes:
    """The bytes a byte-level token stands for.

    A token with a character outside the alphabet is not byte-level spelled (an
    added token's raw text, say); it stands for its own UTF-8, as in HF's ByteLevel decoder.
    """
    if all(c in CHAR_TO_BYTE for c in token):
        return token.translate(_DECODE).encode("latin-1")
    return token.encode("utf-8")

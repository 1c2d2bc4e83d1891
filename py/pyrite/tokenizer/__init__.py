"""Byte-level BPE tokenizer, pre-tokenizers and streaming decode (pure Python); chat templates: pyrite.chat."""
from pyrite.tokenizer.stream import StopText, StreamDecoder, text_pieces
from pyrite.tokenizer.tokenizer import Tokenizer

__all__ = ["StopText", "StreamDecoder", "Tokenizer", "text_pieces"]

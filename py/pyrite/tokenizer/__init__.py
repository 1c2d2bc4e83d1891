"""Byte-level BPE tokenizer, pre-tokenizers, streaming decode and chat templates (pure Python)."""
from pyrite.tokenizer.chat import ChatTemplate, parse_chat_template, render_chat
from pyrite.tokenizer.stream import StopText, StreamDecoder, text_pieces
from pyrite.tokenizer.tokenizer import Tokenizer

__all__ = ["ChatTemplate", "StopText", "StreamDecoder", "Tokenizer", "parse_chat_template", "render_chat", "text_pieces"]

"""pyrite.constrain: output held to a grammar (a JSON schema, a tool call) by an automaton over bytes,
applied on the GPU to the logits of every step (ops/constrain.py)."""
from .automaton import DEAD, START, Automaton
from .dfa import MAX_TABLE_ENTRIES, trim
from .pattern import Pattern, compile_pattern
from .schema import MAX_DEPTH, compile_json_object, compile_schema, json_object_pattern, schema_pattern

__all__ = ["DEAD", "START", "Automaton", "MAX_TABLE_ENTRIES", "Pattern", "compile_pattern", "trim", "MAX_DEPTH",
           "compile_json_object", "compile_schema", "json_object_pattern", "schema_pattern"]

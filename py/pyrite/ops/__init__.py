"""The op families, one module each, every one ending in its registration block. Importing this
package imports them all, so every op is registered (graph/registry.py) once pyrite.ops is."""
from . import (attention, binary, compare, constrain, copy, elementwise, embedding, kv_cache, linear, logical, norm, probe,
               projection, reduce, rope, sample, sdpa, softmax, unary, where)

__all__ = ["attention", "binary", "compare", "constrain", "copy", "elementwise", "embedding", "kv_cache", "linear", "logical",
           "norm", "probe", "projection", "reduce", "rope", "sample", "sdpa", "softmax", "unary", "where"]

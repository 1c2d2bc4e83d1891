"""Fixtures for the GGUF reader and packing tests: the real model files (cached
downloads from PyPI) and a writer of small synthetic GGUFs built with gguf.GGUFWriter."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from gguf import GGMLQuantizationType, GGUFWriter
from gguf.quants import quantize




def write_gguf(path: Path, tensors: dict[str, tuple[np.ndarray, str]], kv: dict | None = None,
               arch: str = "llama", alignment: int | None = None) -> Path:
    """A GGUF at path. tensors: name -> (float32 array in PyTorch order, ggml type name);
    kv: key -> (value, GGUFValueType or None for add_array)."""
    w = GGUFWriter(str(path), arch)
    if alignment is not None:
        w.add_custom_alignment(alignment)
    for key, (value, vtype) in (kv or {}).items():
        if vtype is None:
            w.add_array(key, value)
        else:
            w.add_key_value(key, value, vtype)
    for name, (x, type_name) in tensors.items():
        qtype = GGMLQuantizationType[type_name]
        if type_name == "F32":
            w.add_tensor(name, np.asarray(x, dtype=np.float32))
        elif type_name == "F16":
            w.add_tensor(name, np.asarray(x, dtype=np.float16))
        else:
            w.add_tensor(name, quantize(np.asarray(x, dtype=np.float32), qtype), raw_dtype=qtype)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return path


@pytest.fixture
def gguf_writer():
    return write_gguf

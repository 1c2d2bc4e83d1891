"""Host-only: a Q4_K_M GGUF made from any GGUF, the way llama.cpp's llama-quantize mixes its types
(quant/kquantize.py q4_k_m_type), from the source's weights dequantized by gguf-py.

    write_q4_k_m(src, dst) -> dst

Metadata is copied as it is (general.file_type set to Q4_K_M). For test data and the bench: the
registries here carry no Q4_K_M file, and gguf-py cannot quantize the K-quants.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from gguf import GGMLQuantizationType, GGUFReader, GGUFValueType, GGUFWriter
from gguf.quants import dequantize, quantize

from pyrite.quant.kquantize import QUANTIZERS, q4_k_m_type, quantize_k

FILE_TYPE_Q4_K_M = 15  # llama_ftype LLAMA_FTYPE_MOSTLY_Q4_K_M
SKIPPED_KEYS = ("GGUF.", "general.architecture", "general.file_type")  # written by GGUFWriter, or replaced


def write_q4_k_m(src: str | os.PathLike, dst: str | os.PathLike) -> Path:
    """Requantize every tensor of the GGUF at src to its Q4_K_M type; the file at dst."""
    reader = GGUFReader(str(src))
    arch = reader.fields["general.architecture"].contents()
    n_layers = int(reader.fields[f"{arch}.block_count"].contents())
    dst = Path(dst)
    tmp = dst.with_name(f".{dst.name}.tmp")
    writer = GGUFWriter(str(tmp), arch)
    try:
        for field in reader.fields.values():
            if field.name.startswith(SKIPPED_KEYS):
                continue
            kind = field.types[0]
            sub = field.types[-1] if kind == GGUFValueType.ARRAY else None
            writer.add_key_value(field.name, field.contents(), kind, sub_type=sub)
        writer.add_file_type(FILE_TYPE_Q4_K_M)
        tied = not any(t.name == "output.weight" for t in reader.tensors)
        for t in reader.tensors:
            shape = tuple(int(d) for d in reversed(t.shape))  # PyTorch order
            x = dequantize(t.data, t.tensor_type).reshape(shape).astype(np.float32)
            kind = q4_k_m_type(t.name, shape, n_layers, tied)
            qtype = GGMLQuantizationType[kind]
            if kind == "F32":
                writer.add_tensor(t.name, x)
            elif kind in QUANTIZERS:
                writer.add_tensor(t.name, quantize_k(x, kind, t.name), raw_dtype=qtype)
            else:
                writer.add_tensor(t.name, quantize(x, qtype), raw_dtype=qtype)
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_tensors_to_file()
        writer.close()
        tmp.replace(dst)
    except BaseException:
        writer.close()
        tmp.unlink(missing_ok=True)
        raise
    return dst

"""What an HF checkpoint directory becomes, numpy-free (the native converter, models/convert_hf.py, and
the page's, models/local.py, share it): its config.json read, and every tensor the graph reads matched
to the checkpoint's, shapes checked.
"""
from __future__ import annotations

import json
from pathlib import Path

from pyrite.errors import ModelFormatError
from pyrite.models.config import ModelConfig, tensor_shapes
from pyrite.models.hf import config_from_hf, pyrite_name
from pyrite.models.safetensors import Checkpoint


def read_config(src: Path) -> tuple[ModelConfig, dict]:
    """(ModelConfig, the config.json object) of a checkpoint directory."""
    path = src / "config.json"
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ModelFormatError(f"{path}: no such file (an HF checkpoint needs config.json)") from None
    except ValueError as e:
        raise ModelFormatError(f"{path}: not valid JSON: {e}") from None
    try:
        return config_from_hf(d), d
    except ModelFormatError as e:
        raise ModelFormatError(f"{path}: {e}") from None


def matched_tensors(ckpt: Checkpoint, config: ModelConfig, where: Path) -> dict[str, str]:
    """pyrite name -> checkpoint name for every tensor the graph reads, with shapes checked."""
    want = tensor_shapes(config)
    found: dict[str, str] = {}
    for hf, info in ckpt.tensors.items():
        if config.tied_embeddings and hf == "lm_head.weight":
            continue  # a tied checkpoint may still store the head; the embedding serves as it
        ours = pyrite_name(hf)
        if ours not in want:
            raise ModelFormatError(f"{where}: tensor {hf!r} ({ours}) is not used by a {config.arch} model "
                                   f"with this config.json")
        if tuple(info.shape) != want[ours]:
            raise ModelFormatError(f"{where}: tensor {hf!r} has shape {list(info.shape)}, config.json "
                                   f"implies {list(want[ours])}")
        found[ours] = hf
    missing = [n for n in want if n not in found]
    if missing:
        raise ModelFormatError(f"{where}: config.json needs tensor(s) missing from the checkpoint: "
                               f"{', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''}")
    return {n: found[n] for n in want}

import struct

import pytest

from pyrite.graph.params import pack_params, pack_step


def test_pack_params_types_and_padding():
    data = pack_params([3, 1.5, True])
    assert len(data) == 16
    assert struct.unpack("<IfI", data[:12]) == (3, 1.5, 1)


def test_pack_params_empty_is_one_block():
    assert len(pack_params([])) == 16


def test_pack_params_rejects_out_of_range():
    with pytest.raises(ValueError, match="u32"):
        pack_params([-1])
    with pytest.raises(TypeError):
        pack_params(["x"])


def test_pack_step_has_kv_len():
    assert struct.unpack("<4I", pack_step(5, 7)) == (5, 7, 12, 0)

"""Broadcast, stride, dim and coalescing math of the op library (pure, no GPU), against numpy."""
import numpy as np
import pytest

from pyrite.errors import ShapeError
from pyrite.ops.broadcast import (MAX_RANK, broadcast_shapes, broadcast_strides, check_shape, coalesce,
                                  contiguous_strides, map_layout, normalize_dims, reduce_layouts, reduced_shape,
                                  word_bytes)

SHAPES = [((3, 1, 5), (4, 1)), ((1,), (2, 3, 4)), ((), (2, 3)), ((2, 3), ()), ((), ()), ((0, 3), (1,)),
          ((5, 1, 1), (1, 7, 1), (1, 1, 3)), ((7,), (7,)), ((2, 0), (1, 1)), ((1, 1), (2, 1, 3))]


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_broadcast_shapes_match_numpy(shapes):
    assert broadcast_shapes("add", *shapes) == np.broadcast_shapes(*shapes)


@pytest.mark.parametrize("a,b", [((3,), (4,)), ((2, 3), (3, 2)), ((0,), (2,)), ((5, 4), (2, 1, 3))])
def test_incompatible_shapes_name_the_op_and_both_shapes(a, b):
    with pytest.raises(ValueError):
        np.broadcast_shapes(a, b)
    with pytest.raises(ShapeError, match=rf"mul: shapes \[{', '.join(map(str, a))}\] and \[{', '.join(map(str, b))}\]"):
        broadcast_shapes("mul", a, b)


@pytest.mark.parametrize("shape,out", [((3, 1, 5), (4, 3, 4, 5)), ((1,), (2, 3, 4)), ((), (2, 3)),
                                       ((4, 1), (3, 4, 5)), ((2, 3), (2, 3))])
def test_broadcast_strides_are_numpy_element_strides(shape, out):
    view = np.broadcast_to(np.zeros(shape, np.float32), out)
    assert broadcast_strides(shape, out) == tuple(s // 4 for s in view.strides)


def test_contiguous_strides():
    assert contiguous_strides((3, 4, 5)) == (20, 5, 1)
    assert contiguous_strides(()) == ()


def walk(layout, e):
    """What the kernel does: decompose e over the coalesced dims, innermost first."""
    offs = [0] * len(layout.strides)
    for d, size in enumerate(layout.dims):
        for k, st in enumerate(layout.strides):
            offs[k] += (e % size) * st[d]
        e //= size
    return offs


@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_coalesced_layout_reads_what_numpy_broadcasting_reads(shapes):
    out = np.broadcast_shapes(*shapes)
    layout = map_layout(out, shapes)
    assert 1 <= layout.rank <= max(1, len(out))
    sources = [np.arange(int(np.prod(s)), dtype=np.int64).reshape(s) for s in shapes]
    want = [np.broadcast_to(src, out).reshape(-1) for src in sources]
    for e in range(int(np.prod(out))):
        assert walk(layout, e) == [int(w[e]) for w in want]


def test_same_shapes_and_scalars_coalesce_to_one_dim():
    layout = map_layout((3, 4, 5), [(3, 4, 5), ()])
    assert layout.dims == (60,) and layout.strides == ((1,), (0,))


def test_broadcast_dims_stay_apart():
    layout = map_layout((3, 4, 5), [(3, 1, 5), (4, 1)])
    assert layout.dims == (5, 4, 3)
    assert layout.strides == ((1, 0, 5), (0, 1, 0))


def test_size_one_dims_drop_and_empty_layout_is_one_dim():
    assert coalesce((1, 1), [(0, 0)]).dims == (1,)
    assert coalesce((1, 7, 1), [(7, 1, 1)]).dims == (7,)


@pytest.mark.parametrize("dims,rank,want", [(None, 3, (0, 1, 2)), (-1, 3, (2,)), ((0, -1), 3, (0, 2)),
                                            ([2, 0], 3, (0, 2)), ((), 2, ()), (None, 0, ())])
def test_normalize_dims(dims, rank, want):
    assert normalize_dims("amax", dims, rank) == want


@pytest.mark.parametrize("dims,rank,match", [(3, 3, "dim 3 is out of range for a tensor of rank 3"),
                                             (-4, 3, "dim -4 is out of range"), (0, 0, "rank 0"),
                                             ((1, -1), 2, "dim 1 is repeated")])
def test_bad_dims_name_op_dim_and_rank(dims, rank, match):
    with pytest.raises(ShapeError, match=f"amin: .*{match}"):
        normalize_dims("amin", dims, rank)


@pytest.mark.parametrize("shape,dims", [((3, 4, 5), (1,)), ((3, 4, 5), (0, 2)), ((3, 4, 5), (0, 1)),
                                        ((2, 1, 3), (2,)), ((6,), (0,)), ((3, 4), ())])
@pytest.mark.parametrize("keepdim", [False, True])
def test_reduce_layouts_walk_numpy_runs(shape, dims, keepdim):
    x = np.arange(int(np.prod(shape))).reshape(shape)
    assert reduced_shape(shape, dims, keepdim) == np.amax(x, axis=dims, keepdims=keepdim).shape
    kept, red = reduce_layouts(shape, dims)
    # numpy's runs: the reduced dims moved last, flattened row-major
    other = [d for d in range(len(shape)) if d not in dims]
    runs = np.transpose(x, other + list(dims)).reshape(int(np.prod([shape[d] for d in other])), -1)
    for o, run in enumerate(runs):
        base = walk(kept, o)[0]
        assert [base + walk(red, r)[0] for r in range(run.size)] == run.tolist()


def test_check_shape_limits_rank_and_rejects_live_dims():
    assert check_shape("exp", "x", [2, 3]) == (2, 3)
    with pytest.raises(ShapeError, match=f"exp: x has rank {MAX_RANK + 1}"):
        check_shape("exp", "x", (1,) * (MAX_RANK + 1))
    with pytest.raises(ShapeError, match="non-negative int dims"):
        check_shape("exp", "x", ("S", 4))


def test_word_bytes_are_whole_words_and_never_zero():
    assert word_bytes((5,), "bool") == 8 and word_bytes((3,), "f16") == 8 and word_bytes((0,), "f32") == 4

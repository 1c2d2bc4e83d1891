"""The Device face with no GPU: limits are checked before allocation; deviations are declared."""
import asyncio

import pytest

from pyrite.errors import LimitError
from pyrite.gpu import base
from pyrite.gpu.base import AdapterInfo, Buffer, Device, Limits
from pyrite.gpu import null
from pyrite.sync import run_sync

LIMITS = Limits(max_storage_buffer_binding_size=1024, max_buffer_size=4096, max_compute_workgroup_storage_size=32768,
                max_compute_invocations_per_workgroup=256, max_storage_buffers_per_shader_stage=10,
                max_compute_workgroups_per_dimension=65535, max_uniform_buffer_binding_size=65536,
                min_storage_buffer_offset_alignment=256)


class NullDevice(Device):
    """Allocates nothing: enough to test what the base class decides."""

    def _create_buffer(self, size, usage, label):
        return ("buffer", size)


def null_device() -> NullDevice:
    return NullDevice(AdapterInfo("null"), frozenset(), LIMITS)


def test_buffer_sizes_round_up_to_four():
    assert null_device().create_buffer(5).size == 8


def test_binding_limit_names_the_buffer_and_limit():
    with pytest.raises(LimitError, match=r"blk\.0\.ffn_up: 2048 exceeds the adapter's maxStorageBufferBindingSize \(1024\)"):
        null_device().create_buffer(2048, label="blk.0.ffn_up")


def test_max_buffer_size_applies_to_any_buffer():
    with pytest.raises(LimitError, match="maxBufferSize"):
        null_device().create_buffer(8192, usage=base.COPY_DST, label="staging")


def test_hooks_say_what_a_backend_needs():
    with pytest.raises(NotImplementedError, match="need submit"):
        null_device().submit([])


def test_describe_uses_spec_names():
    d = null_device().describe()
    assert d["limits"]["maxStorageBufferBindingSize"] == 1024 and d["backend"] == "null"


def test_deviations_are_declared():
    assert any("compute only" in d for d in base.DEVIATIONS)
    assert any("group 0" in d for d in base.DEVIATIONS)


@pytest.mark.gpu
def test_native_sync_waits_for_submitted_work(device):
    from pyrite.sync import run_sync
    buf = device.create_buffer(64, label="sync-test")
    device.write_buffer(buf, 0, bytes(range(64)))
    run_sync(device.sync())
    assert run_sync(device.read_buffer(buf, 0, 4)) == bytes(range(4))


def test_a_submit_is_runs_of_dispatches_between_copies():
    a, b = Buffer(None, 16, 0), Buffer(None, 16, 0)
    d = [base.Dispatch(None, None, (1, 1, 1), str(i)) for i in range(4)]
    c = base.Copy(a, 0, b, 0, 16)
    assert list(base.passes([d[0], d[1], c, d[2], c, c, d[3]])) == [[d[0], d[1]], c, [d[2]], c, c, [d[3]]]
    assert list(base.passes([c])) == [c] and list(base.passes([])) == []


def test_wait_lost_resolves_with_the_reason_once_the_device_is_lost():
    device = null.null_device()
    assert device.lost is None

    async def go():
        waiter = asyncio.ensure_future(device.wait_lost())
        await asyncio.sleep(0)
        assert not waiter.done()
        device.destroy()
        return await waiter, await device.wait_lost()  # a loss already recorded answers at once

    first, again = run_sync(go())
    assert first == again == device.lost and "destroyed" in device.lost


def test_a_kernel_needing_a_feature_the_adapter_lacks_is_a_kernel_error_before_any_pipeline():
    from pyrite import kernels
    from pyrite.errors import KernelError
    sg = next(kernels.get(k) for k in kernels.ids() if k.endswith("_coop_sg"))
    plain = next(kernels.get(k) for k in kernels.ids() if k.endswith("_coop"))
    device = null.null_device(features=null.DEFAULT_FEATURES - {"subgroups"})
    with pytest.raises(KernelError, match=f"kernel {sg.id} needs the subgroups feature, which this adapter lacks"):
        device.pipeline(sg)
    with pytest.raises(KernelError, match="needs the subgroups feature"):
        run_sync(device.compile([(plain, None), (sg, None)]))
    assert device.pipelines_made() == []
    device.pipeline(plain)
    assert null.null_device().pipeline(sg) is not None


def test_compile_makes_its_own_then_those_started_behind_them_and_counts_only_its_own():
    from pyrite import kernels
    ids = sorted(k for k in kernels.ids() if k.startswith("linear_q4a_") and k.endswith("_vec"))[:3]
    own, then = [(kernels.get(ids[0]), None)], [(kernels.get(k), None) for k in ids[1:]]
    device = null.null_device()
    seen = []
    run_sync(device.compile(own, lambda made, total: seen.append((made, total)), then=then))
    assert seen == [(0, 1), (1, 1)]  # progress counts the load's own pipelines only
    assert device.pipelines_made() == ids  # then's made too (natively at once), behind them
    assert not device.compiling

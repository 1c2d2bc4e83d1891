// generated from shaders/sample/accept.wgsl -- do not edit
// The verdict of a speculative verify (graph/speculative.py), so only it comes back: how many of the
// draft's tokens (ids[1 .. seq_len)) stand, each the pick of the row before it (out[2r], the verify's
// argmax or draw per row), and the pick after them, into verdict[0] and verdict[1]. One invocation:
// at most FORWARD_ROWS comparisons.
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { rows: u32, _p0: u32, _p1: u32, _p2: u32 }  // rows: out's and ids' capacity

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> out: array<u32>;             // [seq_len, 2]: each row's pick
@group(0) @binding(3) var<storage, read> ids: array<u32>;             // [seq_len]: the token, then the draft
@group(0) @binding(4) var<storage, read_write> verdict: array<u32>;   // [2]: tokens that stand, the pick after

@compute @workgroup_size(1)
fn main() {
    let live = min(step.seq_len, p.rows);
    var n = 0u;
    while (n + 1u < live && out[2u * n] == ids[n + 1u]) {
        n = n + 1u;
    }
    verdict[0] = n;
    verdict[1] = out[2u * n];
}

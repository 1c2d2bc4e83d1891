// generated from shaders/embedding/embedding.wgsl -- do not edit
// out[s, k] = dequant(table[ids[s], k]): the token embedding gather for the live rows.
// A table split into row blocks is gathered by one dispatch per block: each writes the rows whose id
// falls in its [v0, v0 + V); ids past the vocabulary read its last row.
struct Step { seq_len: u32, pos: u32, kv_len: u32, index: u32 }
struct Params { V: u32, K: u32, GS: u32, v0: u32, vocab: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = 64u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<uniform> step: Step;
@group(0) @binding(2) var<storage, read> ids: array<u32>;  // [S]
@group(0) @binding(3) var<storage, read> table: array<f32>;  // [V, K] (the block's rows)
@group(0) @binding(4) var<storage, read_write> out: array<f32>;  // [S, K]

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let k = gid.x;
    let s = gid.y;
    if (k >= p.K || s >= step.seq_len) {
        return;
    }
    let id = min(ids[s], p.vocab - 1u);
    if (id < p.v0 || id - p.v0 >= p.V) {
        return;
    }
    let v = id - p.v0;
    out[s * p.K + k] = table[v * p.K + k];
}

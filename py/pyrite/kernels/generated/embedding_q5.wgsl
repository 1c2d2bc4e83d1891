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
@group(0) @binding(3) var<storage, read> table: array<u32>;  // q4: [V, K/8] nibbles; q8: [V, K/4] bytes
@group(0) @binding(4) var<storage, read> qh: array<u32>;  // [V, K * hbits / 32] high bits
@group(0) @binding(5) var<storage, read> scale: array<u32>;  // [K/GS, V] fp16 pairs
@group(0) @binding(6) var<storage, read_write> out: array<f32>;  // [S, K]

fn half_at(i: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[i & 1u];
}

// 8 high bits (the low byte of b), bit i moved to bit 4i: a nibble-positioned word of 0s and 1s
fn spread_bits(b: u32) -> u32 {
    var v = b & 0xFFu;
    v = (v | (v << 12u)) & 0x000F000Fu;
    v = (v | (v << 6u)) & 0x03030303u;
    return (v | (v << 3u)) & 0x11111111u;
}

// value k of row `row` (K values): its 5th bit
fn high_at(row: u32, k: u32) -> u32 {
    return (qh[row * (p.K / 32u) + k / 32u] >> (k % 32u)) & 1u;
}


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
    let word = table[v * (p.K / 8u) + k / 8u];
    let q = f32(((word >> (4u * (k % 8u))) & 15u) + 16u * high_at(v, k));
    let si = (k / p.GS) * p.V + v;
    let sc = half_at(si, scale[si >> 1u]);
    out[s * p.K + k] = sc * (q - 16.0);
}

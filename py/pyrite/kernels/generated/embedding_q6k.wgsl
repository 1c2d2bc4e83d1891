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
@group(0) @binding(5) var<storage, read> sb: array<u32>;  // [V, K/256, words] superblock headers
@group(0) @binding(6) var<storage, read_write> out: array<f32>;  // [S, K]

fn half_at(i: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[i & 1u];
}

// 8 2-bit fields (the low 16 bits of b), field i moved to bits 4i, 4i + 1
fn spread_bits(b: u32) -> u32 {
    var v = b & 0xFFFFu;
    v = (v | (v << 8u)) & 0x00FF00FFu;
    v = (v | (v << 4u)) & 0x0F0F0F0Fu;
    return (v | (v << 2u)) & 0x33333333u;
}

// value k of row `row` (K values): its top 2 bits
fn high_at(row: u32, k: u32) -> u32 {
    return (qh[row * (p.K / 16u) + k / 16u] >> (2u * (k % 16u))) & 3u;
}

// d * sc of 16-value sub-blocks k / 16 and k / 16 + 1 of row `row` (k a multiple of 32): its
// superblock's header is 16 int8 scales, then d
fn sub_scales(row: u32, k: u32) -> vec2<f32> {
    let at = (row * (p.K / 256u) + k / 256u) * 5u;
    let j = (k / 16u) % 16u;
    let word = sb[at + j / 4u];
    let sh = 8u * (j % 4u);
    let d = unpack2x16float(sb[at + 4u]).x;
    return d * vec2<f32>(f32(bitcast<i32>(word << (24u - sh)) >> 24u),
                         f32(bitcast<i32>(word << (16u - sh)) >> 24u));
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
    let d = sub_scales(v, k - k % 32u);
    out[s * p.K + k] = select(d.x, d.y, k % 32u >= 16u) * (q - 32.0);
}

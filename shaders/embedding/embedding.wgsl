// out[s, k] = dequant(table[ids[s], k]): the token embedding gather for the live rows.
// A table split into row blocks is gathered by one dispatch per block: each writes the rows whose id
// falls in its [v0, v0 + V); ids past the vocabulary read its last row.
{% import "_lib/common.wgsli" as lib %}
{% import "_lib/quant.wgsli" as quant %}
{{ lib.step_struct() }}
struct Params { V: u32, K: u32, GS: u32, v0: u32, vocab: u32, _p0: u32, _p1: u32, _p2: u32 }

const WG: u32 = {{ WG }}u;
{% set HIGH = QUANT in ("q5", "q5a", "q5k", "q6k") %}
{% set KQ = QUANT in ("q4k", "q5k", "q6k") %}
{% set AFFINE = QUANT in ("q4a", "q5a") %}
{% set buffers = [("table", "array<f32>" if QUANT == "f32" else "array<u32>",
                    "[V, K] (the block's rows)" if QUANT == "f32" else "q4: [V, K/8] nibbles; q8: [V, K/4] bytes")] %}
{% if QUANT != "f32" %}
{% if HIGH %}
{% set buffers = buffers + [("qh", "array<u32>", "[V, K * hbits / 32] high bits")] %}
{% endif %}
{% if KQ %}
{% set buffers = buffers + [("sb", "array<u32>", "[V, K/256, words] superblock headers")] %}
{% else %}
{% set buffers = buffers + [("scale", "array<u32>", "[K/GS, V] fp16 pairs")] %}
{% endif %}
{% if AFFINE %}
{% set buffers = buffers + [("mins", "array<u32>", "[K/GS, V] fp16 pairs")] %}
{% endif %}
{% endif %}

{{ lib.uniforms() }}
@group(0) @binding(2) var<storage, read> ids: array<u32>;  // [S]
{% for name, type, note in buffers %}
@group(0) @binding({{ loop.index0 + 3 }}) var<storage, read> {{ name }}: {{ type }};  // {{ note }}
{% endfor %}
@group(0) @binding({{ buffers | length + 3 }}) var<storage, read_write> out: array<f32>;  // [S, K]
{% if QUANT != "f32" %}

fn half_at(i: u32, packed: u32) -> f32 {
    return unpack2x16float(packed)[i & 1u];
}
{{ quant.fns(QUANT) }}
{% endif %}

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
{% if QUANT == "f32" %}
    out[s * p.K + k] = table[v * p.K + k];
{% elif QUANT == "q8gsw" %}
    let si = (k / p.GS) * p.V + v;
    let word = table[v * (p.K / 4u) + k / 4u];
    let q = f32(i32(word << (24u - 8u * (k % 4u))) >> 24u);
    out[s * p.K + k] = half_at(si, scale[si >> 1u]) * q;
{% else %}
    let word = table[v * (p.K / 8u) + k / 8u];
    let q = f32(((word >> (4u * (k % 8u))) & 15u){{ " + 16u * high_at(v, k)" if HIGH }});
{% if KQ %}
{% if QUANT == "q6k" %}
    let d = sub_scales(v, k - k % 32u);
    out[s * p.K + k] = select(d.x, d.y, k % 32u >= 16u) * (q - 32.0);
{% else %}
    let dm = sub_scales(v, k);
    out[s * p.K + k] = dm.x * q - dm.y;
{% endif %}
{% else %}
    let si = (k / p.GS) * p.V + v;
    let sc = half_at(si, scale[si >> 1u]);
{% if AFFINE %}
    out[s * p.K + k] = sc * q + half_at(si, mins[si >> 1u]);
{% elif QUANT == "q5" %}
    out[s * p.K + k] = sc * (q - 16.0);
{% else %}
    out[s * p.K + k] = sc * (q - 8.0);
{% endif %}
{% endif %}
{% endif %}
}

// FlashDecoding's split pass: causal GQA attention with the cache split into chunks processed by
// parallel workgroups; the combine pass (combine.wgsl) merges them. Made for decode (S = 1), correct for
// any S: each token s is reduced as a decode step at its position would reduce it (its own causal length
// pos + s + 1 sets its split count and chunk), so a multi-token forward's rows equal decode steps' bit
// for bit. The split count follows that length (flash_splits); route one_split pins it to 1.
//
// One workgroup per (query head h, token s, split j), over keys [j * chunk, (j + 1) * chunk) of the
// token's causal range. Each lane strides over the chunk with its own online softmax (the output
// rescaled only when its max grows); the lanes then merge through workgroup memory into one partial
// (max, sum, output) per split. A lane keeps q and its output in vec4 registers, one per 4 dims, the
// steps unrolled to MAX_D: an indexed private array costs a CPU adapter a memory access per use
// (SwiftShader's decode attention ran 1.5x faster unrolled) and a GPU local memory. A kernel made for
// one head dim (EXACT) runs every step; one for head dims up to MAX_D guards each step by D, and those
// guards cost SwiftShader's decode attention at 1,024 cached tokens 1.1-1.2x.
{% import "_lib/common.wgsli" as lib %}
{% import "_lib/sdpa.wgsli" as sdpa %}
{# The body caller(i) writes for each 4 dims i of the head; a kernel for head dims up to MAX_D (not
   EXACT) skips those past D (quads = D / 4). #}
{% macro each_quad(pad=8) %}
{% for i in range(MAX_D // 4) %}
{% if i and not EXACT %}
{{ " " * pad }}if ({{ i }}u < quads) { {{ caller(i) }} }
{% else %}
{{ " " * pad }}{{ caller(i) }}
{% endif %}
{% endfor %}
{% endmacro %}
{{ lib.step_struct() }}
{{ sdpa.params_struct() }}

const WG: u32 = {{ WG }}u;
const HALF_MAX: u32 = {{ MAX_D }}u / 2u;
const NEG: f32 = -3.0e38;              // "no score yet" (a finite -inf: Tint rejects inf constants)

{{ lib.uniforms() }}
{{ sdpa.splits_fn() }}
{{ sdpa.qkv_bindings() }}
@group(0) @binding(5) var<storage, read_write> part_ml: array<vec2<f32>>;  // [S, Hq, max_splits] (max, sum)
@group(0) @binding(6) var<storage, read_write> part_o: array<vec2<f32>>;   // [S, Hq, max_splits, D/2]

var<workgroup> red_ml: array<vec2<f32>, WG>;
var<workgroup> red_o: array<vec2<f32>, WG * HALF_MAX>;  // [WG, D/2] each lane's rescaled output

// 4 dims of a cached key / value row from word `at` (fp16 pairs)
fn k4(at: u32) -> vec4<f32> {
    return vec4<f32>(unpack2x16float(k_cache[at]), unpack2x16float(k_cache[at + 1u]));
}

fn v4(at: u32) -> vec4<f32> {
    return vec4<f32>(unpack2x16float(v_cache[at]), unpack2x16float(v_cache[at + 1u]));
}

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_id) lid3: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let lid = lid3.x;
    let h = wid.x;
    let s = wid.y;
    let j = wid.z;
    let half = p.D / 2u;
    let kvh = h / (p.Hq / p.Hkv);
    let kv_len = step.pos + s + 1u;                                   // causal: token s sees pos + s + 1 keys
    let splits = flash_splits(kv_len);
    if (j >= splits) {                                                // a shorter row than the grid's last
        return;
    }
    let chunk = (kv_len + splits - 1u) / splits;
    let k_end = min(j * chunk + chunk, kv_len);

    let quads = p.D / 4u;
    let qb = (s * p.Hq + h) * p.D;
{% for i in range(MAX_D // 4) %}
    var q{{ i }} = vec4<f32>(0.0);
    var o{{ i }} = vec4<f32>(0.0);
{% endfor %}
{% call(i) each_quad(4) %}q{{ i }} = vec4<f32>(q[qb + {{ 4 * i }}u], q[qb + {{ 4 * i + 1 }}u], q[qb + {{ 4 * i + 2 }}u], q[qb + {{ 4 * i + 3 }}u]) * p.scale;{% endcall %}
    var m = NEG;
    var l = 0.0;
    let cache_base = kvh * p.max_ctx * half;
    for (var key = j * chunk + lid; key < k_end; key = key + WG) {
        let row = cache_base + key * half;
        var score = 0.0;
{% call(i) each_quad() %}score = score + dot(q{{ i }}, k4(row + {{ 2 * i }}u));{% endcall %}
        if (score > m) {
            let c = exp(m - score);
            l = l * c;
{% call(i) each_quad() %}o{{ i }} = o{{ i }} * c;{% endcall %}
            m = score;
        }
        let pj = exp(score - m);
        l = l + pj;
{% call(i) each_quad() %}o{{ i }} = o{{ i }} + pj * v4(row + {{ 2 * i }}u);{% endcall %}
    }

    red_ml[lid] = vec2<f32>(m, l);
    workgroupBarrier();
    var M = NEG;
    for (var t = 0u; t < WG; t = t + 1u) {
        M = max(M, red_ml[t].x);
    }
    let c = exp(m - M);
    let at = lid * HALF_MAX;
{% call(i) each_quad(4) %}red_o[at + {{ 2 * i }}u] = o{{ i }}.xy * c; red_o[at + {{ 2 * i + 1 }}u] = o{{ i }}.zw * c;{% endcall %}
    workgroupBarrier();
    let slot = (s * p.Hq + h) * p.max_splits + j;
    if (lid == 0u) {
        var L = 0.0;
        for (var t = 0u; t < WG; t = t + 1u) {
            L = L + red_ml[t].y * exp(red_ml[t].x - M);
        }
        part_ml[slot] = vec2<f32>(M, L);
    }
    for (var i = lid; i < half; i = i + WG) {
        var o = vec2<f32>(0.0);
        for (var t = 0u; t < WG; t = t + 1u) {
            o = o + red_o[t * HALF_MAX + i];
        }
        part_o[slot * half + i] = o;
    }
}

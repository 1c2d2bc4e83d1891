// generated from shaders/constrain/constrain.wgsl -- do not edit
// Output held to an automaton over bytes (pyrite/constrain: state 0 dead, 1 the start), on the GPU.
// The automaton buffer: words 0..255 map a byte to its class, word 256 is the class count C, then one
// row of C + 1 words per state: the next state per class, then 1 where the state accepts.
// A token's bytes are tok_bytes[tok_off[t] .. tok_off[t + 1]) (packed four to a word, little end
// first); tok_kind[t] says how the automaton sees it: TEXT walks its bytes, STOP is allowed where
// the state accepts, NEVER (a control token, a padded row of the vocabulary) never is.
// MASK (before the pick): one invocation per token walks its bytes from the current state; a token
// that reaches the dead state gets logit NEG, which neither the argmax nor the draw ever picks while
// one token is left (the automaton is trimmed: every live state has a way on).
// ROWS (a speculative forward's verify, graph/speculative.py): row r of S logits rows is masked from
// its own state, states[r] (the host walked the draft's tokens before it), workgroups (V / WG, S).
// ADVANCE (after the pick): one invocation walks the picked token (out[0]) and stores the new state,
// so the next step of a replayed batch masks from there with no host in between.
struct Params { V: u32, n_tok: u32, _p0: u32, _p1: u32 }  // V: logits; n_tok: tokens in the table

const WG: u32 = 256u;
const TEXT: u32 = 0u;
const STOP: u32 = 1u;
const NEG: f32 = -3.0e38;
const HEAD: u32 = 257u;  // the class map and C come first

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> automaton: array<u32>;
@group(0) @binding(2) var<storage, read> tok_off: array<u32>;    // [n_tok + 1]
@group(0) @binding(3) var<storage, read> tok_bytes: array<u32>;
@group(0) @binding(4) var<storage, read> state: array<u32>;
@group(0) @binding(5) var<storage, read> tok_kind: array<u32>;
@group(0) @binding(6) var<storage, read_write> logits: array<f32>; // [V], ROWS: [S, V]

// The state after token t's bytes from s (0 as soon as a byte is refused).
fn walk(s0: u32, t: u32) -> u32 {
    let c = automaton[256] + 1u;
    var s = s0;
    let end = tok_off[t + 1u];
    for (var i = tok_off[t]; i < end && s != 0u; i = i + 1u) {
        let b = (tok_bytes[i / 4u] >> ((i % 4u) * 8u)) & 0xFFu;
        s = automaton[HEAD + s * c + automaton[b]];
    }
    return s;
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    let t = gid.x;
    let row = gid.y;
    let s = state[row];
    if (t >= p.V) {
        return;
    }
    var ok = false;
    if (t < p.n_tok) {
        let kind = tok_kind[t];
        if (kind == STOP) {
            let c = automaton[256] + 1u;
            ok = automaton[HEAD + s * c + c - 1u] != 0u;
        } else if (kind == TEXT) {
            ok = tok_off[t + 1u] > tok_off[t] && walk(s, t) != 0u;
        }
    }
    if (!ok) {
        logits[row * p.V + t] = NEG;
    }
}

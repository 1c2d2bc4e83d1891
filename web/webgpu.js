// webgpu.js: whether this browser can run pyrite at all, said in words a user can act on.
import { PyriteError } from "./pyrite.js";

/** Why the page cannot start (navigator.gpu is missing), as the status line says it. */
export function noWebGPU() {
  const why = window.isSecureContext
    ? "this browser does not expose WebGPU (try a recent Chrome or Edge, or enable WebGPU)"
    : "WebGPU needs a secure context: open the page over https:// or http://localhost";
  return `This browser has no WebGPU (navigator.gpu is missing): ${why}. pyrite runs the model on the GPU and cannot start.`;
}

/** Rejects with a DeviceError where there is no WebGPU or no adapter: checked before Python starts (seconds). */
export async function checkWebGPU() {
  if (!navigator.gpu) throw new PyriteError(noWebGPU(), "DeviceError");
  if (!(await navigator.gpu.requestAdapter())) {
    throw new PyriteError("WebGPU is present but offers no GPU adapter (the GPU may be blocklisted or " +
                          "WebGPU disabled in this browser's settings)", "DeviceError");
  }
}

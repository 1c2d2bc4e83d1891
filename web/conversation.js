// conversation.js: the page's conversation (#log). Each message says who spoke (visually hidden, for a
// screen reader); an answer grows from its deltas: content as sanitized markdown, a thinking model's
// reasoning in a collapsible "Reasoning" block above it, tool calls as text lines below it. #log is not
// live: a finished answer is said once through the hidden #announce region.
import { renderMarkdown } from "./markdown.js";

const SPEAKERS = { user: "You", assistant: "Assistant" };

/** A message appended to log, labelled by who spoke for a screen reader ("You:" / "Assistant:"). */
export function bubble(log, role, text = "") {
  const el = document.createElement("div");
  el.className = `msg ${role}`;
  const who = document.createElement("span");
  who.className = "who visually-hidden";
  who.textContent = `${SPEAKERS[role]}: `;
  el.append(who, text);
  log.append(el);
  return el;
}

/** An answer's text as rendered (markdown's marks gone), without its code blocks' Copy buttons. */
export function spoken(body) {
  const copy = body.cloneNode(true);
  for (const button of copy.querySelectorAll("button")) button.remove();
  return copy.textContent.trim();
}

/** Say a finished answer once, through the visually hidden live region. */
export function announce(region, text) {
  const el = document.createElement("p");
  el.textContent = text;
  region.replaceChildren(el);
}

/** A muted line under an answer that has no text to copy (the model ended or was stopped at once). */
export function note(text) {
  const el = document.createElement("p");
  el.className = "meta";
  el.textContent = text;
  return el;
}

/** One answer as its deltas arrive ({content}, {reasoning_content} or {tool_calls}, pyrite.chatDeltas).
 * The body (#output) holds the content; reasoning and calls are text, never HTML. */
export class AnswerView {
  constructor(answer) {
    this.answer = answer;
    this.text = "";
    this.reasoning = "";
    this.calls = [];
    document.getElementById("output")?.removeAttribute("id");
    this.body = document.createElement("div");
    this.body.className = "body";
    this.body.id = "output";  // the answer being written (its copy button sits beside it)
    answer.append(this.body);
  }

  /** Show a delta; -> the live decode rate once there are two ("" before). */
  add(delta) {
    const now = performance.now();
    this.pieces = (this.pieces ?? 0) + 1;
    if (this.pieces === 1) this.firstAt = now;
    if (delta.content) {
      this.text += delta.content;
      renderMarkdown(this.text, this.body);
    }
    if (delta.reasoning_content) {
      this.reasoning += delta.reasoning_content;
      this._reasoningBlock().textContent = this.reasoning;
    }
    for (const call of delta.tool_calls ?? []) {
      this.calls.push(call);
      const item = document.createElement("li");
      item.textContent = `Tool call: ${call.function.name}(${call.function.arguments})`;
      this._callList().append(item);
    }
    const rate = (this.pieces - 1) / ((now - this.firstAt) / 1000);
    return this.pieces > 1 ? `≈ ${rate.toFixed(1)} tok/s decode (live, ${this.pieces} pieces)` : "";
  }

  /** What a screen reader hears once the answer ends. */
  spoken() {
    const calls = this.calls.length ? `Called ${this.calls.map((c) => c.function.name).join(", ")}.` : "";
    return [spoken(this.body), calls].filter(Boolean).join(" ");
  }

  _reasoningBlock() {
    if (!this._reasoning) {
      const details = document.createElement("details");
      details.className = "reasoning";
      const summary = document.createElement("summary");
      summary.textContent = "Reasoning";
      this._reasoning = document.createElement("p");
      details.append(summary, this._reasoning);
      this.body.before(details);
    }
    return this._reasoning;
  }

  _callList() {
    if (!this._calls) {
      this._calls = document.createElement("ul");
      this._calls.className = "tool-calls";
      this._calls.setAttribute("aria-label", "Tool calls");
      this.body.after(this._calls);
    }
    return this._calls;
  }
}

/** A completion's text pieces as the deltas a chat streams. */
export async function* textDeltas(pieces) {
  for await (const content of pieces) yield { content };
}

// <pyrite-chat>: a multi-turn chat with one of a pyrite site's models, as a custom element.
//
//   <script type="module" src="https://your.site/pyrite-chat.js"></script>
//   <pyrite-chat model="smollm2-135m" base-url="https://your.site/"></pyrite-chat>
//
// Attributes: model (an id under the site's models/, or a model directory's URL), base-url (the site root;
// default: this module's folder), max-tokens (default 256), temperature (default 0: greedy), system (a system prompt),
// speculative (present: speculative decoding, drafts from the conversation; the same answers; its
// pipelines start compiling as the attribute is set or the model is ready), draft-model (with speculative:
// drafts from this model instead, a smaller one with the same vocabulary, named as model is; loaded then).
// Styled through CSS custom properties on the element: --pyrite-font, --pyrite-bg, --pyrite-fg,
// --pyrite-muted, --pyrite-accent, --pyrite-border, --pyrite-radius, --pyrite-user-bg,
// --pyrite-assistant-bg. Events: pyrite-progress {phase, done, total, fraction} (each load progress
// event; fraction: the whole load's, 0-1, as the element's bar shows it), pyrite-ready {model},
// pyrite-answer {content, stats}, pyrite-error {kind, message}. Answers are shown as text; set element.render = (text, el) => ... to render them
// otherwise (the site's page renders markdown through a sanitizer). The element's styles come from
// pyrite-chat.css beside this module (a stylesheet link, so a strict Content-Security-Policy holds).
import { createEngine } from "./pyrite.js";
import { loadFraction } from "./phases.js";

// this module's folder, not as new URL("./", import.meta.url): bundlers take that form for a file to copy
const HERE = new URL(import.meta.url.replace(/[^/]*$/, ""));

const TEMPLATE = `
  <div class="log" part="log" role="log" aria-live="polite"></div>
  <progress class="progress" part="progress" max="1" value="0" aria-label="Loading the model"></progress>
  <p class="status" part="status">Loading…</p>
  <form part="form" autocomplete="off">
    <textarea rows="2" placeholder="Message (Ctrl+Enter sends)" aria-label="Message"></textarea>
    <div class="buttons">
      <button type="submit" class="send" disabled>Send</button>
      <button type="button" class="stop" disabled>Stop</button>
      <button type="button" class="new" disabled>New chat</button>
    </div>
  </form>`;

export class PyriteChat extends HTMLElement {
  constructor() {
    super();
    this.messages = [];      // the conversation so far: [{role, content}]
    this.engine = null;
    this.render = (text, el) => { el.textContent = text; };
    this._busy = false;
    const root = this.attachShadow({ mode: "open" });
    const link = document.createElement("link");
    link.rel = "stylesheet";
    // bundlers copy it (this literal form); ?no-inline keeps Vite from inlining it as a data: URL, which a
    // strict Content-Security-Policy (style-src 'self') refuses; static servers ignore the query
    link.href = new URL("./pyrite-chat.css?no-inline", import.meta.url).href;
    const template = document.createElement("template");
    template.innerHTML = TEMPLATE;  // static markup of this module: no text from the model or the page
    root.append(link, template.content);
    this.ui = {
      log: root.querySelector(".log"), status: root.querySelector(".status"), form: root.querySelector("form"),
      input: root.querySelector("textarea"), send: root.querySelector(".send"), stop: root.querySelector(".stop"),
      fresh: root.querySelector(".new"), progress: root.querySelector("progress"),
    };
    this.ui.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send(this.ui.input.value);
    });
    this.ui.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.send(this.ui.input.value);
      }
    });
    this.ui.stop.addEventListener("click", () => this.engine?.interrupt());
    this.ui.fresh.addEventListener("click", () => this.newChat());
  }

  connectedCallback() {
    this._starting ??= this._start();
  }

  async _start() {
    const model = this.getAttribute("model") || "smollm2-135m";
    const baseUrl = this.getAttribute("base-url") || HERE.href;
    try {
      this.engine = await createEngine({
        model, baseUrl,
        onProgress: ({ phase, done, total }) => {
          const amount = phase === "weights" ? `${(done / 1e6).toFixed(1)} / ${(total / 1e6).toFixed(1)} MB` : `${done}/${total}`;
          this._status(`Loading ${model}: ${phase} ${amount}`);
          const fraction = loadFraction({ phase, done, total });
          if (fraction !== null) this.ui.progress.value = fraction;
          this.dispatchEvent(new CustomEvent("pyrite-progress", { detail: { phase, done, total, fraction } }));
        },
      });
      this.ui.progress.hidden = true;
      this._status("Ready.");
      this._idle();
      this._prepare();
      this.dispatchEvent(new CustomEvent("pyrite-ready", { detail: { model } }));
    } catch (err) {
      this.ui.progress.hidden = true;
      this._fail(err);
    }
  }

  static get observedAttributes() {
    return ["speculative", "draft-model"];
  }

  attributeChangedCallback() {
    this._prepare();
  }

  /** The request's speculative field: off, drafts from the conversation, or from the draft-model. */
  _speculative() {
    if (!this.hasAttribute("speculative")) return false;
    const model = this.getAttribute("draft-model");
    return model ? { method: "draft", model } : "ngram";
  }

  /** With speculative on, its forwards' pipelines start compiling (and a draft model loading) now rather
   * than at the next question. */
  _prepare() {
    if (!this.engine || !this.hasAttribute("speculative")) return;
    this.engine.prepare({ speculative: this._speculative(), temperature: Number(this.getAttribute("temperature") || 0) })
      .catch((err) => console.warn(`pyrite-chat: speculative decoding not prepared (${err.message || err})`));
  }

  /** Ask the next question of the conversation; resolves once the answer is complete. */
  async send(text) {
    if (!this.engine || this._busy || !text.trim()) return;
    this.ui.input.value = "";
    this.messages.push({ role: "user", content: text });
    this._bubble("user").textContent = text;
    const answer = this._bubble("assistant");
    this._busy = true;
    this._idle();
    this._status("Answering…");
    let content = "";
    try {
      const system = this.getAttribute("system");
      const chunks = await this.engine.chat.completions.create({
        messages: system ? [{ role: "system", content: system }, ...this.messages] : this.messages,
        max_tokens: Number(this.getAttribute("max-tokens") || 256),
        temperature: Number(this.getAttribute("temperature") || 0), stream: true,
        speculative: this._speculative(),
      });
      for await (const chunk of chunks) {
        content += chunk.choices[0].delta.content ?? "";
        this.render(content, answer);
        this.ui.log.scrollTop = this.ui.log.scrollHeight;
      }
      this.messages.push({ role: "assistant", content });
      const stats = await this.engine.runtimeStats();
      this._status(`${stats.generated_tokens} tokens · ${stats.decode_tok_s.toFixed(1)} tok/s · ` +
                   `prefilled ${stats.prefilled_tokens}, reused ${stats.reused_tokens}`);
      this.dispatchEvent(new CustomEvent("pyrite-answer", { detail: { content, stats } }));
    } catch (err) {
      this.messages.pop();  // the question goes unanswered: it can be asked again
      this._fail(err);
    } finally {
      this._busy = false;
      this._idle();
    }
  }

  /** Forget the conversation (the next question starts a new one). */
  newChat() {
    if (this._busy) return;
    this.messages = [];
    this.ui.log.replaceChildren();
    this._status("Ready.");
  }

  _bubble(role) {
    const el = document.createElement("div");
    el.className = `msg ${role}`;
    el.setAttribute("part", `message ${role}`);
    this.ui.log.append(el);
    return el;
  }

  _status(text, state = "ok") {
    this.ui.status.textContent = text;
    this.ui.status.dataset.state = state;
  }

  _idle() {
    const ready = Boolean(this.engine);
    this.ui.send.disabled = !ready || this._busy;
    this.ui.stop.disabled = !this._busy;
    this.ui.fresh.disabled = !ready || this._busy;
  }

  _fail(err) {
    const kind = err.kind || err.name || "Error";
    this._status(`${kind}: ${err.message}`, "error");
    this.dispatchEvent(new CustomEvent("pyrite-error", { detail: { kind, message: err.message } }));
  }
}

if (!customElements.get("pyrite-chat")) customElements.define("pyrite-chat", PyriteChat);

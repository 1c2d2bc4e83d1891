// Types of pyrite-chat.js: the <pyrite-chat> custom element (importing the module defines it).
import type { Engine, LoadProgress, RuntimeStats } from "./pyrite.js";

/** The events a <pyrite-chat> dispatches, beside an HTMLElement's own. */
export interface PyriteChatEventMap extends HTMLElementEventMap {
  /** A load progress event; fraction is the whole load's (0-1), as the element's bar shows it. */
  "pyrite-progress": CustomEvent<LoadProgress & { fraction: number | null }>;
  /** The model is loaded: the element takes questions. */
  "pyrite-ready": CustomEvent<{ model: string }>;
  /** An answer is complete. */
  "pyrite-answer": CustomEvent<{ content: string; stats: RuntimeStats }>;
  /** A load or an answer failed: kind is a PyriteError's kind (or the error's name). */
  "pyrite-error": CustomEvent<{ kind: string; message: string }>;
}

/**
 * A multi-turn chat with one of a pyrite site's models. Attributes: model (an id under the site's
 * models/), base-url (the site root), max-tokens (default 256), temperature (default 0: greedy), system
 * (a system prompt), speculative (present: speculative decoding), draft-model (with speculative: drafts
 * from this smaller model of the same vocabulary). Styled through CSS custom properties
 * (--pyrite-accent, --pyrite-bg, --pyrite-fg, ...).
 */
export declare class PyriteChat extends HTMLElement {
  /** The conversation so far. */
  messages: { role: "user" | "assistant"; content: string }[];
  /** The engine, once loaded. */
  engine: Engine | null;
  /** Shows an answer's text in its bubble (default: as text; set it to render markdown, sanitized). */
  render: (text: string, el: HTMLElement) => void;
  /** The shadow root's parts. */
  readonly ui: {
    log: HTMLDivElement;
    status: HTMLParagraphElement;
    form: HTMLFormElement;
    input: HTMLTextAreaElement;
    send: HTMLButtonElement;
    stop: HTMLButtonElement;
    fresh: HTMLButtonElement;
    progress: HTMLProgressElement;
  };
  connectedCallback(): void;
  /** Ask the next question of the conversation; resolves once the answer is complete. */
  send(text: string): Promise<void>;
  /** Forget the conversation (the next question starts a new one). */
  newChat(): void;
  addEventListener<K extends keyof PyriteChatEventMap>(
    type: K, listener: (this: PyriteChat, ev: PyriteChatEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject,
                   options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof PyriteChatEventMap>(
    type: K, listener: (this: PyriteChat, ev: PyriteChatEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject,
                      options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "pyrite-chat": PyriteChat;
  }
}

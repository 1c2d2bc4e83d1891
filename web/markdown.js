// Answers as markdown: marked parses, DOMPurify sanitizes, and the model's own markup stays text.
//
// Model output is never HTML: marked's raw-HTML tokens are escaped (a "<script>" or "<img onerror>" the
// model writes shows as those characters), and what marked makes of the rest (paragraphs, lists, code,
// emphasis, links) then goes through DOMPurify before it reaches the DOM, with links limited to http(s).
// Each code block and each answer gets a Copy button.
import { Marked } from "./vendor/marked/marked.esm.js";
import DOMPurify from "./vendor/dompurify/purify.es.mjs";

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (text) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html: ({ text }) => escape(text),  // raw HTML in the answer is shown, never parsed
  },
});

const PURIFY = {
  ALLOWED_TAGS: ["p", "br", "hr", "em", "strong", "del", "code", "pre", "blockquote", "ul", "ol", "li", "a",
                 "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td"],
  ALLOWED_ATTR: ["href", "title", "start", "align"],
  ALLOWED_URI_REGEXP: /^https?:/i,
};

/** The copy button of a text: writes it to the clipboard and says so for a moment. */
export function copyButton(text, label = "Copy") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.textContent = label;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text());
      button.textContent = "Copied";
    } catch {
      button.textContent = "Copy failed";
    }
    setTimeout(() => { button.textContent = label; }, 1500);
  });
  return button;
}

/** Render answer text into el as sanitized markdown, each code block with its Copy button. */
export function renderMarkdown(text, el) {
  const clean = DOMPurify.sanitize(marked.parse(text), { ...PURIFY, RETURN_DOM_FRAGMENT: true });
  for (const pre of clean.querySelectorAll("pre")) {
    const code = pre.textContent;
    pre.append(copyButton(() => code));
  }
  for (const a of clean.querySelectorAll("a")) {
    a.rel = "noopener noreferrer nofollow";
    a.target = "_blank";
  }
  el.replaceChildren(clean);
}

import hljs from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import css from "highlight.js/lib/languages/css";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import sql from "highlight.js/lib/languages/sql";
import swift from "highlight.js/lib/languages/swift";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import { Marked, type MarkedExtension } from "marked";
import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { markedHighlight } from "marked-highlight";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sanitizeHtml from "sanitize-html";
import { CodeBlock } from "../../app/features/questions/code-block";
import { ALLOWED_TAGS } from "../blog/render";

/**
 * Question text to HTML, once, at import (issue #6): Markdown with code highlighted on
 * the server by highlight.js (UX.md: no highlighter shipped to the browser), then the
 * same kind of allow-list as blog posts plus the highlighter's class names. Bump
 * RENDER_VERSION when the output changes, so the importer re-renders every question.
 */
export const RENDER_VERSION = "2";

const languages = { bash, c, cpp, css, javascript, json, sql, swift, typescript, xml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);
const ALIASES: Record<string, string> = { js: "javascript", jsx: "javascript", ts: "typescript", tsx: "typescript", html: "xml" };

export function highlight(code: string, lang: string): string {
  const language = ALIASES[lang] ?? lang;
  if (!hljs.getLanguage(language)) return escapeHtml(code);
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

/** Fenced code through the one code block (issue #33), as snippets are shown: highlighted, lines kept, scrolling inside. */
const codeBlocks: MarkedExtension = {
  renderer: {
    code({ text, lang, escaped }) {
      const language = /\S*/.exec(lang ?? "")?.[0] || "text";
      return codeBlockHtml(escaped ? text : escapeHtml(text), language);
    },
  },
};

/** Highlighted (or escaped) code as the code block's markup, for HTML that is put together on the server. */
export function codeBlockHtml(html: string, lang: string): string {
  return renderToStaticMarkup(createElement(CodeBlock, { lang, html: html.replace(/\n$/, "") }));
}

const highlighting = () =>
  markedHighlight({ emptyLangClass: "hljs", langPrefix: "hljs language-", highlight: (code, lang) => highlight(code, lang) });

const markdown = new Marked({ gfm: true, breaks: false }, highlighting(), codeBlocks);

/**
 * Text a language model or a grader wrote (interviewers, issue #33): the same Markdown, but raw
 * HTML in it is shown as text, never passed through; a line break is a line break, as in a chat.
 */
const spokenMarkdown = new Marked({ gfm: true, breaks: true }, highlighting(), codeBlocks, {
  renderer: { html: ({ text, block }) => (block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text)) },
});

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS, "span"],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    // The code block's own markup (app/features/questions/code-block.tsx).
    pre: ["class", "data-lang", "role", "aria-label", "tabindex"],
    code: ["class"],
    span: ["class", "aria-hidden"],
    th: ["align"],
    td: ["align"],
  },
  allowedClasses: {
    pre: ["code-block", "code-block--numbered"],
    code: [/^hljs$/, /^language-[\w-]+$/],
    span: [/^hljs-[\w-]+$/, /^[\w-]+_$/, "code-block__gutter"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { h1: "h3", h2: "h3" },
};

/** No images from a model: they would load from wherever it pointed. */
const spokenOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: options.allowedTags && options.allowedTags.filter((tag) => tag !== "img"),
};

export function renderQuestionMarkdown(source: string): string {
  return sanitizeHtml(markdown.parse(source, { async: false }), options);
}

/**
 * A post body's code (sanitised HTML, server/blog/render.ts) through the one code block, highlighted:
 * `<pre>` or `<pre><code class="language-x">` holding text only. A `<pre>` with markup of its own is left as it is.
 */
export function withCodeBlocks(html: string): string {
  return html.replace(
    /<pre>(?:<code(?: class="language-([\w-]+)")?>([^<]*)<\/code>|([^<]*))<\/pre>/g,
    (_, lang: string | undefined, inCode: string | undefined, bare: string | undefined) => {
      const code = textContent(parseDocument(inCode ?? bare ?? "", { decodeEntities: true }));
      const language = lang ?? "text";
      return codeBlockHtml(renderCode(code, language), language);
    },
  );
}

/** An interviewer's or grader's words as HTML: Markdown rendered, any HTML in them escaped, then sanitised all the same. */
export function renderSpokenMarkdown(source: string): string {
  return sanitizeHtml(spokenMarkdown.parse(source, { async: false }), spokenOptions);
}

/** Inline Markdown (key points, options): no paragraph around it. */
export function renderInline(source: string): string {
  return sanitizeHtml(markdown.parseInline(source, { async: false }), options);
}

/** A code snippet as highlighted lines; the page numbers them when there are more than 5. */
export function renderCode(code: string, lang: string): string {
  return sanitizeHtml(highlight(code, lang), options);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

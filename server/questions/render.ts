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
import { Marked } from "marked";
import { markedHighlight } from "marked-highlight";
import sanitizeHtml from "sanitize-html";
import { ALLOWED_TAGS } from "../blog/render";

/**
 * Question text to HTML, once, at import (issue #6): Markdown with code highlighted on
 * the server by highlight.js (UX.md: no highlighter shipped to the browser), then the
 * same kind of allow-list as blog posts plus the highlighter's class names. Bump
 * RENDER_VERSION when the output changes, so the importer re-renders every question.
 */
export const RENDER_VERSION = "1";

const languages = { bash, c, cpp, css, javascript, json, sql, swift, typescript, xml };
for (const [name, language] of Object.entries(languages)) hljs.registerLanguage(name, language);
const ALIASES: Record<string, string> = { js: "javascript", jsx: "javascript", ts: "typescript", tsx: "typescript", html: "xml" };

export function highlight(code: string, lang: string): string {
  const language = ALIASES[lang] ?? lang;
  if (!hljs.getLanguage(language)) return escapeHtml(code);
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

const markdown = new Marked(
  { gfm: true, breaks: false },
  markedHighlight({ emptyLangClass: "hljs", langPrefix: "hljs language-", highlight: (code, lang) => highlight(code, lang) }),
);

const options: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS, "span"],
  allowedAttributes: { a: ["href", "title", "rel"], code: ["class"], span: ["class"], th: ["align"], td: ["align"] },
  allowedClasses: { code: [/^hljs$/, /^language-[\w-]+$/], span: [/^hljs-[\w-]+$/, /^[\w-]+_$/] },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { h1: "h3", h2: "h3" },
};

export function renderQuestionMarkdown(source: string): string {
  return sanitizeHtml(markdown.parse(source, { async: false }), options);
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

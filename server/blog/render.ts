import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * The one sanitising pipeline for post bodies (issue #5), whether they arrive as
 * Markdown or as HTML: an allow-list of elements and attributes; links only http(s) and
 * mailto, marked nofollow ugc; images only https or our uploads; no scripts, styles,
 * event handlers, iframes, forms or SVG. Bodies are sanitised on write and pages render
 * only the stored, sanitised copy.
 */
export const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "del",
  "s",
  "a",
  "img",
  "code",
  "pre",
  "blockquote",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    // rel is always ours (transformTags below), never the author's.
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    code: ["class"],
    th: ["align"],
    td: ["align"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // A post's own headings start below the page title (h1).
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow ugc noopener" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImage(frame.attribs.src),
};

function isAllowedImage(src: string | undefined): boolean {
  return Boolean(src && (src.startsWith("https://") || /^\/uploads\/[\w.-]+$/.test(src)));
}

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, {
    ...options,
    // Our uploads are same-origin paths; everything else must be https.
    allowedSchemesAppliedToAttributes: ["href", "cite"],
  });
}

const markdown = new Marked({ gfm: true, breaks: false });

export function renderMarkdown(source: string): string {
  return sanitizePostHtml(markdown.parse(source, { async: false }));
}

/** Spec §9: the card preview: HTML stripped to text, cut to 25 words, then an ellipsis. */
export const PREVIEW_WORDS = 25;

/**
 * What a post's card, feed item and description show, stored as `blog_post.summary` whenever
 * a post is written (issue #35), so that lists never read bodies. Change it only with a
 * migration that fills the column again for the posts already stored.
 */
export function postSummary(bodyHtml: string): string {
  return previewText(bodyHtml, PREVIEW_WORDS);
}

export function previewText(html: string, words = PREVIEW_WORDS): string {
  // Block boundaries become spaces, so "<h2>end</h2><p>start" stays two words.
  const spaced = html.replace(/<(\/(?:p|h\d|li|blockquote|pre|td|th|tr|ul|ol|div)|br\s*\/?)>/gi, " $&");
  const text = textContent(parseDocument(spaced)).replace(/\s+/g, " ").trim();
  const parts = text.split(" ").filter(Boolean);
  return parts.length <= words ? parts.join(" ") : `${parts.slice(0, words).join(" ")}…`;
}

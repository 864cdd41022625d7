import { expect, test } from "vitest";
import { previewText, renderMarkdown, sanitizePostHtml } from "./render";

test("the preview strips HTML, decodes entities and keeps exactly 25 words, then an ellipsis", () => {
  const words = Array.from({ length: 30 }, (_, i) => `w${i + 1}`);
  const html = `<h2>${words.slice(0, 5).join(" ")}</h2><p>${words.slice(5).join(" ")} &amp; more</p>`;
  const preview = previewText(html);
  expect(preview).toBe(`${words.slice(0, 25).join(" ")}…`);
  expect(preview.split(" ")).toHaveLength(25);
});

test("a short text is shown whole, entities decoded, without an ellipsis", () => {
  expect(previewText("<p>Tom &amp; Jerry&#39;s <em>quick</em>\n tips</p>")).toBe("Tom & Jerry's quick tips");
});

test("exactly 25 words get no ellipsis", () => {
  const text = Array.from({ length: 25 }, () => "word").join(" ");
  expect(previewText(`<p>${text}</p>`)).toBe(text);
});

test("Markdown becomes HTML with safe links", () => {
  const html = renderMarkdown("## Title\n\nSee [the docs](https://example.com) and `code`.");
  expect(html).toContain("<h2>Title</h2>");
  expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener">the docs</a>');
  expect(html).toContain("<code>code</code>");
});

test("scripts, event handlers, javascript: links, iframes, styles and SVG are removed", () => {
  const html = sanitizePostHtml(
    '<p onclick="x()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a><iframe src="https://x"></iframe>' +
      '<style>p{}</style><svg onload="x()"><circle/></svg><img src="http://insecure.example/a.png"><img src="https://ok.example/a.png" onerror="x()">',
  );
  expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|style|svg|http:\/\/insecure/i);
  expect(html).toContain('<img src="https://ok.example/a.png" />');
});

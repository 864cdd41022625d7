import { expect, test } from "vitest";
import { renderQuestionMarkdown, renderSpokenMarkdown, withCodeBlocks } from "./render";

test("fenced code becomes the one code block: highlighted, named, focusable, lines kept", () => {
  const html = renderQuestionMarkdown("Look:\n\n```js\nconst a = 1;\nconsole.log(a);\n```\n");
  expect(html).toContain('<pre class="code-block" data-lang="js" role="group" aria-label="JavaScript code" tabindex="0">');
  expect(html).toContain('<span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;\n');
});

test("a long fenced snippet is numbered like a question's snippet", () => {
  const html = renderQuestionMarkdown("```ts\n1\n2\n3\n4\n5\n6\n```");
  expect(html).toContain('class="code-block code-block--numbered"');
  expect(html).toContain('<span class="code-block__gutter" aria-hidden="true">1\n2\n3\n4\n5\n6</span>');
});

test("an interviewer's Markdown renders: inline code, bold, lists", () => {
  const html = renderSpokenMarkdown("What does `typeof null` return? Think **carefully**.\n\n- one\n- two");
  expect(html).toContain("<code>typeof null</code>");
  expect(html).toContain("<strong>carefully</strong>");
  expect(html).toContain("<li>one</li>");
});

test("raw HTML from a model is shown as text, never passed through", () => {
  const html = renderSpokenMarkdown(
    'Hi <b>there</b> <img src=x onerror="alert(1)">\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))',
  );
  expect(html).not.toMatch(/<(b|img|script)\b/);
  expect(html).toContain("&lt;b&gt;there&lt;/b&gt;");
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html).not.toContain('href="javascript');
});

test("a line break in an interviewer's words stays a line break", () => {
  expect(renderSpokenMarkdown("first\nsecond")).toBe("<p>first<br />second</p>\n");
});

test("a blog post's code goes through the same code block, highlighted, its text unchanged", () => {
  const html = withCodeBlocks(
    '<p>Try:</p><pre><code class="language-js">if (a &lt; b) log("&amp;");\nnext();</code></pre><pre>plain &lt;text&gt;</pre>',
  );
  expect(html).toContain('<pre class="code-block" data-lang="js" role="group" aria-label="JavaScript code" tabindex="0">');
  expect(html).toContain('<span class="hljs-keyword">if</span> (a &lt; b)');
  expect(html).toContain(
    '<pre class="code-block" data-lang="text" role="group" aria-label="Source code" tabindex="0"><code class="hljs language-text">plain &lt;text&gt;</code></pre>',
  );
});

test("a post's pre with markup of its own is left alone", () => {
  const html = "<pre><strong>bold</strong></pre>";
  expect(withCodeBlocks(html)).toBe(html);
});

import { expect, test } from "vitest";
import { withImage } from "../../app/features/blog/insert-image";
import { renderMarkdown } from "./render";

const img = (markdown: string, at = markdown.length) => withImage(markdown, at, "A chart", "/uploads/chart.png");
const image = '<img src="/uploads/chart.png" alt="A chart" />';

test("after a paragraph ending in one line break, the image is a paragraph of its own", () => {
  const html = renderMarkdown(img("First paragraph.\n\nThe last paragraph.\n"));
  expect(html).toContain("<p>The last paragraph.</p>");
  expect(html).toContain(`<p>${image}</p>`);
});

test("with the cursor mid-sentence, the image goes after that paragraph and splits nothing", () => {
  const text = "One two three.\n\nFour five six.";
  const html = renderMarkdown(img(text, text.indexOf("two")));
  expect(html.indexOf("<p>One two three.</p>")).toBeGreaterThanOrEqual(0);
  expect(html.indexOf(`<p>${image}</p>`)).toBeGreaterThan(html.indexOf("One two three."));
  expect(html.indexOf("<p>Four five six.</p>")).toBeGreaterThan(html.indexOf(image));
});

test("with the cursor between paragraphs, the image goes there", () => {
  const text = "Above.\n\nBelow.";
  expect(img(text, text.indexOf("Below"))).toBe("Above.\n\n![A chart](/uploads/chart.png)\n\nBelow.\n");
});

test("an empty post gets the image alone", () => {
  expect(img("", 0)).toBe("![A chart](/uploads/chart.png)\n");
});

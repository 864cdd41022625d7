import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { parseHtmlOverview } from "./html-overview";

const file = path.resolve(import.meta.dirname, "../../content/html-overview.md");

test("the HTML overview has its twelve sections, each with prose and one example", () => {
  const overview = parseHtmlOverview(file, fs.readFileSync(file, "utf8"));
  expect(overview.sections.map((s) => s.slug)).toEqual([
    "document-structure",
    "text-and-headings",
    "links",
    "images",
    "lists",
    "tables",
    "forms",
    "semantic-elements",
    "media-audio-and-video",
    "accessibility",
    "metadata-and-seo",
    "performance-hints-and-security-attributes",
  ]);
  for (const section of overview.sections) {
    expect(section.html.length, section.slug).toBeGreaterThan(500);
    expect(section.example.source, section.slug).toMatch(/<\w+/);
    // Works offline: nothing in an example is fetched from elsewhere.
    expect(section.example.source, section.slug).not.toMatch(/(src|href)=["']https?:\/\/(?!example\.com)/);
  }
});

test("a section without its example is reported with its line", () => {
  const text =
    "---\ntitle: HTML Overview\ndescription: A short description of the overview page.\n---\n\n## Links {#links}\n\nNo example here.\n";
  expect(() => parseHtmlOverview("o.md", text)).toThrow(/o\.md:6: the section "Links" needs exactly one ```html example block \(found 0\)/);
});

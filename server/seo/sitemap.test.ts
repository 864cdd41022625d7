import { expect, test } from "vitest";
import { type SitemapEntry, sitemapDocument } from "./sitemap";

const pages = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({ path: `/p${i}`, lastmod: `2026-11-${String(1 + (i % 28)).padStart(2, "0")}` }));

test("one sitemap while the pages fit in one file", () => {
  const xml = sitemapDocument("https://devprep.dev", pages(3), null, 3)!;
  expect(xml).toContain("<urlset");
  expect(xml.match(/<url>/g)).toHaveLength(3);
  expect(sitemapDocument("https://devprep.dev", pages(3), 1, 3)).toBeNull();
});

test("past one file's worth, /sitemap.xml is an index of files that together list every page once", () => {
  const entries = pages(7);
  const index = sitemapDocument("https://devprep.dev", entries, null, 3)!;
  expect(index).toContain("<sitemapindex");
  const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(["https://devprep.dev/sitemaps/1.xml", "https://devprep.dev/sitemaps/2.xml", "https://devprep.dev/sitemaps/3.xml"]);
  // Each file's lastmod is its newest page's.
  expect(index).toContain("<sitemap><loc>https://devprep.dev/sitemaps/1.xml</loc><lastmod>2026-11-03</lastmod></sitemap>");
  const listed = [1, 2, 3].flatMap((n) =>
    [...sitemapDocument("https://devprep.dev", entries, n, 3)!.matchAll(/<loc>[^<]*(\/p\d+)<\/loc>/g)].map((m) => m[1]),
  );
  expect(listed).toEqual(entries.map((e) => e.path));
  expect(sitemapDocument("https://devprep.dev", entries, 4, 3)).toBeNull();
});

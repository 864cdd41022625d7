// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { syncHead } from "./head-sync";

/** A head as the server writes it for a question page: React's order, with its own preloads. */
const SERVER_HEAD = `
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="preload" as="image" href="/images/logo.svg">
  <meta name="color-scheme" content="light dark">
  <title>Closures | DevPrep</title>
  <meta name="description" content="What a closure is">
  <meta property="og:title" content="Closures | DevPrep">
  <meta property="og:image" content="/og/closures.png">
  <link rel="canonical" href="https://devprep.example/javascript-questions/closures">
  <script>/* boot */</script>
  <script type="application/ld+json">{"@type":"QAPage"}</script>
  <link rel="stylesheet" href="/assets/root.css">`;

function rendered(html: string) {
  const element = document.createElement("div");
  element.innerHTML = html;
  return element;
}

describe("the head follows the route in the browser", () => {
  beforeEach(() => {
    document.head.innerHTML = SERVER_HEAD;
  });

  it("leaves the server's head exactly as it is when the route renders the same", () => {
    const before = [...document.head.children];
    syncHead(
      document.head,
      rendered(`<title>Closures | DevPrep</title><meta name="description" content="What a closure is">
        <meta property="og:title" content="Closures | DevPrep"><meta property="og:image" content="/og/closures.png">
        <link rel="canonical" href="https://devprep.example/javascript-questions/closures">
        <script type="application/ld+json">{"@type":"QAPage"}</script><link rel="stylesheet" href="/assets/root.css">`),
    );
    expect([...document.head.children]).toEqual(before);
  });

  it("after a navigation: the new title, description, canonical and structured data, no stale og:image, the rest kept", () => {
    syncHead(
      document.head,
      rendered(`<title>Quizzes | DevPrep</title><meta name="description" content="Test yourself">
        <meta property="og:title" content="Quizzes | DevPrep"><link rel="canonical" href="https://devprep.example/quizzes">
        <link rel="stylesheet" href="/assets/root.css"><link rel="stylesheet" href="/assets/quiz.css">`),
    );
    expect(document.title).toBe("Quizzes | DevPrep");
    expect(document.head.querySelectorAll("title")).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute("content")).toBe("Test yourself");
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect([...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute("href"))).toEqual([
      "https://devprep.example/quizzes",
    ]);
    expect([...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute("href"))).toEqual([
      "/assets/root.css",
      "/assets/quiz.css",
    ]);
    // What does not follow the route is untouched.
    expect(document.head.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(document.head.querySelector('meta[name="color-scheme"]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull();
    expect(document.head.querySelector("script:not([type])")?.textContent).toBe("/* boot */");
  });

  it("never removes a style sheet, so leaving a page cannot unstyle the next one while it paints", () => {
    syncHead(document.head, rendered(`<title>Home | DevPrep</title>`));
    expect(document.head.querySelector('link[rel="stylesheet"]')?.getAttribute("href")).toBe("/assets/root.css");
  });
});

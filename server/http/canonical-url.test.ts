import { describe, expect, test } from "vitest";
import { createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { canonicalPath } from "./canonical-url";

test("the canonical spelling of a page's path", () => {
  expect(canonicalPath("/")).toBe("/");
  expect(canonicalPath("/aboutus/")).toBe("/aboutus");
  expect(canonicalPath("//devinsights//")).toBe("/devinsights");
  expect(canonicalPath("/AboutUs")).toBe("/aboutus");
  expect(canonicalPath("/JavaScript-Questions/JS-Closures-And-Lexical-Scope/")).toBe("/javascript-questions/js-closures-and-lexical-scope");
  // Ids of interviews, quizzes and snippets are case-sensitive.
  expect(canonicalPath("/interview/AbC-123_x")).toBe("/interview/AbC-123_x");
  expect(canonicalPath("/Compiler/Xy9")).toBe("/compiler/Xy9");
});

describe("redirects to the canonical address", () => {
  test("pages move with a 301 and keep their query; the API, assets and canonical pages are left alone", async () => {
    const t = await createTestServices("sqlite");
    try {
      const app = createApp(t.services, () => Promise.reject(new Error("no pages in this test")));
      const get = (path: string, method = "GET") => app.request(path, { method, redirect: "manual" });
      for (const [from, to] of [
        ["/aboutus/", "/aboutus"],
        ["/JavaScript-questions?kind=console", "/javascript-questions?kind=console"],
        ["/javascript-questions/JS-Closures-And-Lexical-Scope", "/javascript-questions/js-closures-and-lexical-scope"],
      ]) {
        const response = await get(from!);
        expect(response.status, from).toBe(301);
        expect(response.headers.get("location")).toBe(to);
        expect((await get(from!, "HEAD")).status).toBe(301);
      }
      // A form posted to a non-canonical address is not turned into a GET.
      expect((await get("/aboutus/", "POST")).status).not.toBe(301);
      expect((await get("/api/health/")).status).not.toBe(301);
      expect((await get("/api/Health")).status).not.toBe(301);
    } finally {
      await t.close();
    }
  });
});

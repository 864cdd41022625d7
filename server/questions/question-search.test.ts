import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { importQuestions } from "./question-import";
import { type Marked, queryWords, searchQuestions } from "./question-search";

const bank = path.resolve(import.meta.dirname, "../../content/questions/javascript");
const plain = (marked: Marked) => marked.map(([text]) => text).join("");
const matches = (marked: Marked) => marked.filter(([, hit]) => hit).map(([text]) => text.toLowerCase());

test("a query keeps only words: search syntax and quotes never reach the database", () => {
  expect(queryWords('closure" OR title:* NEAR(a b) -- ;drop')).toEqual(["closure", "or", "title", "near", "a", "b", "drop"]);
  expect(queryWords("   ")).toEqual([]);
});

describe.each(testDialects())("searching the bank on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  beforeAll(async () => {
    t = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-search-"));
    fs.cpSync(bank, path.join(folder, "javascript"), { recursive: true });
    await importQuestions(t.services, folder);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test("ranks a title match first and marks the matching words", async () => {
    const hits = await searchQuestions(t.services, "closure");
    expect(hits.length).toBeGreaterThan(1);
    expect(plain(hits[0]!.title).toLowerCase()).toContain("closure");
    expect(matches(hits[0]!.title).some((m) => m.startsWith("closure"))).toBe(true);
  });

  test("the last word matches as a prefix, and every word must match", async () => {
    const prefix = await searchQuestions(t.services, "temporal de");
    expect(prefix.map((h) => h.id)).toContain("js-var-let-const-temporal-dead-zone");
    expect(await searchQuestions(t.services, "temporal xylophonequartz")).toEqual([]);
  });

  test("filters narrow by technology, kind and level", async () => {
    const all = await searchQuestions(t.services, "promise");
    const consoleOnly = await searchQuestions(t.services, "promise", { kind: "console" });
    expect(consoleOnly.length).toBeGreaterThan(0);
    expect(consoleOnly.length).toBeLessThan(all.length);
    expect(consoleOnly.every((h) => h.kind === "console")).toBe(true);
    const expert = await searchQuestions(t.services, "promise", { level: "expert" });
    expect(expert.every((h) => h.level === "expert")).toBe(true);
    expect(await searchQuestions(t.services, "promise", { technology: "swift" })).toEqual([]);
  });

  test("hostile input is just words, and unpublished questions are not found", async () => {
    expect(await searchQuestions(t.services, '")) OR 1=1; -- * NEAR')).toEqual(expect.any(Array));
    expect(await searchQuestions(t.services, "<script>alert(1)</script>")).toEqual([]);
    fs.rmSync(path.join(folder, "javascript", "js-var-let-const-temporal-dead-zone.md"));
    await importQuestions(t.services, folder);
    expect((await searchQuestions(t.services, "temporal dead")).map((h) => h.id)).not.toContain("js-var-let-const-temporal-dead-zone");
  });

  test("the API answers with marked parts and refuses a bad filter", async () => {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request("/api/questions/search?q=event%20loop&technology=javascript");
    expect(response.status).toBe(200);
    const { hits } = (await response.json()) as { hits: { title: Marked; snippet: Marked }[] };
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((h) => matches(h.title).length + matches(h.snippet).length > 0)).toBe(true);
    expect((await app.request("/api/questions/search?q=x&kind=essay")).status).toBe(400);
    expect((await app.request(`/api/questions/search?q=${"a".repeat(201)}`)).status).toBe(400);
  });
});

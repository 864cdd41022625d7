import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { importQuestions } from "./question-import";
import { type Candidate, type Marked, definesWords, queryWords, rank, searchQuestions } from "./question-search";

const questions = path.resolve(import.meta.dirname, "../../content/questions");
const bank = path.join(questions, "javascript");
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

test("ties keep one order: the id settles them, whatever order the database gave", () => {
  const tie = (id: string): Candidate => ({ id, technology: "css", kind: "theory", level: "beginner", title: "Flex", tier: 0, score: 1 });
  const ids = (list: Candidate[]) => rank(list, ["flex"]).map((c) => c.id);
  expect(ids([tie("b"), tie("a"), tie("c")])).toEqual(["a", "b", "c"]);
  expect(ids([tie("c"), tie("b"), tie("a")])).toEqual(["a", "b", "c"]);
  expect(definesWords("What is a closure in JavaScript?", ["closure"])).toBe(true);
  expect(definesWords("What is trailing closure syntax in Swift?", ["closure"])).toBe(false);
});

// Issue #33: a reviewer's queries against the whole bank; each names the question a reader means.
describe.each(testDialects())("ranking the whole bank on %s", (dialect: Dialect) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await createTestServices(dialect);
    await importQuestions(t.services, questions);
  }, 120_000);
  afterAll(async () => t.close());

  test.each([
    ["closure", "js-closures-and-lexical-scope"],
    ["useEffect", "react-useeffect-dependencies-cleanup"],
    ["event loop", "js-event-loop-tasks-and-microtasks"],
    ["index", "dbms-what-is-an-index-and-its-cost"],
    ["flexbox", "css-flexbox-main-and-cross-axis"],
  ])("%s finds %s in the top 3", async (query, id) => {
    const top = (await searchQuestions(t.services, query)).slice(0, 3).map((h) => h.id);
    expect(top).toContain(id);
  });

  test("searching from a technology's pages puts that technology first, and repeats exactly", async () => {
    const fromSwift = await searchQuestions(t.services, "closure", { prefer: "swift" });
    const swift = fromSwift.filter((h) => h.technology === "swift").length;
    expect(swift).toBeGreaterThan(2);
    expect(fromSwift.slice(0, swift).every((h) => h.technology === "swift")).toBe(true);
    expect((await searchQuestions(t.services, "closure"))[0]!.technology).toBe("javascript");
    const again = await searchQuestions(t.services, "closure", { prefer: "swift" });
    expect(again.map((h) => h.id)).toEqual(fromSwift.map((h) => h.id));
    const second = await searchQuestions(t.services, "closure", { prefer: "swift" }, 2);
    expect(second.map((h) => h.id).filter((id) => fromSwift.some((h) => h.id === id))).toEqual([]);
  });

  test.each([
    ["analytics", "dbms-leader-follower-replication"],
    ["milliseconds", "react-concurrent-rendering-meaning"],
  ])("a key point counts before the body: %s, in dozens of bodies, is in one question's key points", async (query, id) => {
    const hits = await searchQuestions(t.services, query);
    expect(hits.length).toBeGreaterThan(5);
    expect(hits[0]!.id).toBe(id);
  });
});

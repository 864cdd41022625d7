import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { importQuestions } from "../questions/question-import";

const bank = path.resolve(import.meta.dirname, "../../content/questions/javascript");

describe.each(testDialects())("progress on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  let ada: string;
  let grace: string;
  let ids: string[];
  beforeAll(async () => {
    t = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-progress-"));
    fs.cpSync(bank, path.join(folder, "javascript"), { recursive: true });
    await importQuestions(t.services, folder);
    ids = fs
      .readdirSync(path.join(folder, "javascript"))
      .map((f) => f.replace(/\.md$/, ""))
      .sort();
    const signUp = async (email: string) => {
      const r = await t.services.auth.api.signUpEmail({ body: { name: "x", email, password: "analytical-engine" }, returnHeaders: true });
      return r.headers.get("set-cookie")!.split(";")[0]!;
    };
    ada = await signUp(`ada-progress-${dialect}@example.com`);
    grace = await signUp(`grace-progress-${dialect}@example.com`);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function call(method: string, url: string, cookie?: string, body?: unknown) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request(url, {
      method,
      // A browser's request: its cookie with the Origin it always sends on a write.
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie, Origin: t.services.config.baseUrl } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  test("visitors have no progress to read or write", async () => {
    expect((await call("GET", "/api/progress")).status).toBe(401);
    expect((await call("PUT", `/api/progress/questions/${ids[0]}`, undefined, { done: true })).status).toBe(401);
    expect((await call("GET", "/api/progress/bookmarks")).status).toBe(401);
  });

  test("marks are saved, counted per technology, and kept apart between users", async () => {
    expect((await call("PUT", `/api/progress/questions/${ids[0]}`, ada, { done: true })).body).toEqual({ done: true, bookmarked: false });
    expect((await call("PUT", `/api/progress/questions/${ids[1]}`, ada, { bookmarked: true })).body).toEqual({
      done: false,
      bookmarked: true,
    });
    expect((await call("PUT", `/api/progress/questions/${ids[1]}`, ada, { done: true })).body).toEqual({ done: true, bookmarked: true });

    const overview = (await call("GET", "/api/progress", ada)).body as { technologies: Record<string, { done: number; total: number }> };
    expect(overview.technologies.javascript).toEqual({ done: 2, total: ids.length });
    expect(overview.technologies.swift).toEqual({ done: 0, total: 0 });

    const marks = (await call("GET", "/api/progress/questions?technology=javascript", ada)).body;
    expect(marks).toEqual({ marks: { [ids[0]!]: { done: true, bookmarked: false }, [ids[1]!]: { done: true, bookmarked: true } } });
    expect((await call("GET", "/api/progress/questions?technology=javascript", grace)).body).toEqual({ marks: {} });
    expect(
      ((await call("GET", "/api/progress", grace)).body as { technologies: Record<string, { done: number }> }).technologies.javascript!
        .done,
    ).toBe(0);

    const bookmarks = (await call("GET", "/api/progress/bookmarks", ada)).body as { bookmarks: { id: string; done: boolean }[] };
    expect(bookmarks.bookmarks.map((b) => [b.id, b.done])).toEqual([[ids[1], true]]);
  });

  test("clearing both marks removes the row; bad requests change nothing", async () => {
    await call("PUT", `/api/progress/questions/${ids[2]}`, grace, { done: true, bookmarked: true });
    expect((await call("PUT", `/api/progress/questions/${ids[2]}`, grace, { done: false, bookmarked: false })).body).toEqual({
      done: false,
      bookmarked: false,
    });
    const rows = await t.services.database.db.selectFrom("question_progress").selectAll().where("question_id", "=", ids[2]!).execute();
    expect(rows).toEqual([]);

    expect((await call("PUT", "/api/progress/questions/no-such-question", grace, { done: true })).status).toBe(404);
    expect((await call("PUT", `/api/progress/questions/${ids[2]}`, grace, {})).status).toBe(400);
    expect((await call("PUT", `/api/progress/questions/${ids[2]}`, grace, { done: "yes" })).status).toBe(400);
    expect((await call("GET", "/api/progress/questions?technology=cobol", grace)).status).toBe(400);
    expect((await call("GET", "/api/progress/questions?technology=javascript", grace)).body).toEqual({ marks: {} });
  });
});

describe.each(testDialects())("challenge code on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-code-"));
    fs.cpSync(bank, path.join(folder, "javascript"), { recursive: true });
    await importQuestions(t.services, folder);
    const r = await t.services.auth.api.signUpEmail({
      body: { name: "x", email: `coder-${dialect}@example.com`, password: "analytical-engine" },
      returnHeaders: true,
    });
    cookie = r.headers.get("set-cookie")!.split(";")[0]!;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  async function call(method: string, url: string, body?: unknown, withCookie = true) {
    const app = createApp(t.services, () => Promise.reject(new Error("no pages")));
    const response = await app.request(url, {
      method,
      headers: { "Content-Type": "application/json", ...(withCookie ? { Cookie: cookie, Origin: t.services.config.baseUrl } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  test("code is kept per challenge; the first solve is stamped once and marks the question done", async () => {
    const id = "js-program-chunk-array";
    expect((await call("GET", `/api/progress/questions/${id}/code`)).body).toEqual({ code: null, solvedAt: null });
    expect((await call("PUT", `/api/progress/questions/${id}/code`, { code: "function chunk() {}" })).body).toEqual({ solvedAt: null });
    const solved = await call("PUT", `/api/progress/questions/${id}/code`, { code: "function chunk() { return []; }", solved: true });
    expect(solved.body.solvedAt).toEqual(expect.any(String));
    const again = await call("PUT", `/api/progress/questions/${id}/code`, { code: "// rewritten", solved: true });
    expect(again.body.solvedAt).toBe(solved.body.solvedAt);
    expect((await call("GET", `/api/progress/questions/${id}/code`)).body).toEqual({
      code: "// rewritten",
      solvedAt: solved.body.solvedAt,
    });
    const marks = (await call("GET", "/api/progress/questions?technology=javascript")).body as { marks: Record<string, { done: boolean }> };
    expect(marks.marks[id]).toEqual({ done: true, bookmarked: false });
  });

  test("only challenges take code, within 100 KB, and only from their signed-in owner", async () => {
    expect((await call("PUT", "/api/progress/questions/js-closures-and-lexical-scope/code", { code: "x" })).status).toBe(404);
    expect((await call("PUT", "/api/progress/questions/js-program-chunk-array/code", { code: "x".repeat(100 * 1024 + 1) })).status).toBe(
      413,
    );
    expect((await call("GET", "/api/progress/questions/js-program-chunk-array/code", undefined, false)).status).toBe(401);
  });
});

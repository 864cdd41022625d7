import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { parseQuestionBank, readQuestionFolder } from "../questions/question-import";
import { importQuestions } from "../questions/question-import";

const bank = path.resolve(import.meta.dirname, "../../content/questions");

describe.each(testDialects())("the questions API on %s", (dialect: Dialect) => {
  let t: TestServices;
  let folder: string;
  // A copy of part of the real bank, so that removing a file can be tried.
  let files: ReturnType<typeof parseQuestionBank>["parsed"];
  beforeAll(async () => {
    t = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-api-questions-"));
    fs.mkdirSync(path.join(folder, "javascript"));
    const all = parseQuestionBank(readQuestionFolder(bank).files).parsed;
    // Per kind, three beginner questions (so each has neighbours in its list) and two advance ones.
    const picked = ["theory", "console", "program"].flatMap((kind) =>
      [["beginner", 3] as const, ["advance", 2] as const].flatMap(([level, count]) =>
        all.filter((p) => p.question.technology === "javascript" && p.question.kind === kind && p.question.level === level).slice(0, count),
      ),
    );
    for (const p of picked) fs.copyFileSync(p.source.path, path.join(folder, "javascript", path.basename(p.source.path)));
    await importQuestions(t.services, folder);
    files = parseQuestionBank(readQuestionFolder(folder).files).parsed;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const get = async (url: string) => {
    const response = await createApp(t.services, () => Promise.reject(new Error("no pages"))).request(url);
    // The shapes are checked by the assertions themselves.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by tests
    return { status: response.status, body: (await response.json()) as any };
  };

  test("technologies come with their counts per kind and level", async () => {
    const { status, body } = await get("/api/questions/technologies");
    expect(status).toBe(200);
    expect(body.technologies).toHaveLength(13);
    const js = body.technologies.find((x: { slug: string }) => x.slug === "javascript");
    expect(js.total).toBe(files.length);
    for (const kind of ["theory", "console", "program"] as const)
      for (const level of ["beginner", "advance", "expert"] as const)
        expect(js.counts[kind][level], `${kind} ${level}`).toBe(
          files.filter((f) => f.question.kind === kind && f.question.level === level).length,
        );
    expect(body.technologies.find((x: { slug: string }) => x.slug === "swift").total).toBe(0);
  });

  test("counts follow a change made straight in the database, by whatever program", async () => {
    const jsTotal = async () =>
      (await get("/api/questions/technologies")).body.technologies.find((x: { slug: string }) => x.slug === "javascript").total;
    const before = await jsTotal();
    expect(await jsTotal()).toBe(before);
    const id = files[0]!.question.id;
    await sql`update question set status = 'unpublished' where id = ${id}`.execute(t.services.database.db);
    expect(await jsTotal()).toBe(before - 1);
    await sql`update question set status = 'published' where id = ${id}`.execute(t.services.database.db);
    expect(await jsTotal()).toBe(before);
  });

  test("a filtered list is in title order and its keyset pages cover it exactly once", async () => {
    const consoleTitles = files
      .filter((f) => f.question.kind === "console")
      .map((f) => f.question.title)
      .sort((a, b) => (Buffer.from(a.toLowerCase()).toString("hex") < Buffer.from(b.toLowerCase()).toString("hex") ? -1 : 1));
    const { body } = await get("/api/questions?technology=javascript&kind=console");
    expect(body.questions.map((q: { title: string }) => q.title)).toEqual(consoleTitles);
    expect(body.questions.every((q: { kind: string }) => q.kind === "console")).toBe(true);

    const seen: string[] = [];
    let after = "";
    for (let page = 0; page < 20; page++) {
      const { body: next } = await get(`/api/questions?technology=javascript&limit=5${after ? `&after=${after}` : ""}`);
      seen.push(...next.questions.map((q: { id: string }) => q.id));
      if (!next.nextCursor) break;
      after = next.nextCursor;
    }
    expect(seen.sort()).toEqual(files.map((f) => f.question.id).sort());
  });

  test("include=content gives the same page with each question whole; anything else is refused", async () => {
    const list = "/api/questions?technology=javascript&kind=theory&level=beginner&limit=2";
    const { body: summaries } = await get(list);
    expect(summaries.questions[0]).not.toHaveProperty("answerHtml");
    const { status, body } = await get(`${list}&include=content`);
    expect(status).toBe(200);
    expect(body.questions.map((q: { id: string }) => q.id)).toEqual(summaries.questions.map((q: { id: string }) => q.id));
    expect(body.nextCursor).toBe(summaries.nextCursor);
    const first = files.find((f) => f.question.id === body.questions[0].id)!.question;
    expect(body.questions[0]).toMatchObject({ id: first.id, title: first.title, kind: "theory" });
    expect(body.questions[0].answerHtml).toMatch(/<p>/);
    expect(body.questions[0].explanationHtml).toBeTruthy();

    const { body: next } = await get(`${list}&include=content&after=${summaries.nextCursor}`);
    expect(next.questions[0].id).not.toBe(body.questions[0].id);
    expect((await get(`${list}&include=everything`)).status).toBe(400);
  });

  test("include=html gives each summary with its body as the list shows it, rendered on the server", async () => {
    const base = "/api/questions?technology=javascript&level=beginner";
    const { body: summaries } = await get(base);
    const { status, body } = await get(`${base}&include=html`);
    expect(status).toBe(200);
    expect(body.questions.map((q: { id: string }) => q.id)).toEqual(summaries.questions.map((q: { id: string }) => q.id));
    const byKind = (kind: string) => body.questions.find((q: { kind: string }) => q.kind === kind);
    const theory = byKind("theory");
    const first = files.find((f) => f.question.id === theory.id)!.question;
    expect(theory).toMatchObject({ id: first.id, title: first.title, technology: "javascript", level: "beginner" });
    expect(theory).not.toHaveProperty("answerHtml");
    // A list shows a theory answer at once; in practice mode it waits behind "Show answer".
    expect(theory.html).toMatch(/^<div class="question-body">/);
    expect(theory.html).toContain(">Answer</h3>");
    expect(theory.html).not.toContain("<details");
    expect(theory.practiceHtml).toContain('<details class="reveal"><summary class="reveal__summary">Show answer</summary>');
    // Console output stays behind its reveal; a challenge links to its solving page.
    expect(byKind("console").html).toContain("Show output");
    expect(byKind("console").practiceHtml).toBeNull();
    expect(byKind("program").html).toContain(`href="/javascript-questions/${byKind("program").id}/solve"`);
    // No handlers and nothing to run: plain HTML.
    expect(JSON.stringify(body)).not.toMatch(/data-island|onclick/i);
  });

  test("filters by level and tag", async () => {
    const one = files[0]!.question;
    const { body } = await get(`/api/questions?technology=javascript&level=${one.level}&tag=${one.tags[0]}`);
    expect(body.questions.map((q: { id: string }) => q.id)).toContain(one.id);
    expect(body.questions.every((q: { level: string; tags: string[] }) => q.level === one.level && q.tags.includes(one.tags[0]!))).toBe(
      true,
    );
  });

  test("one question comes with its answer and neighbours; bad addresses are refused", async () => {
    const consoleQ = files.find((f) => f.question.kind === "console" && f.question.level === "beginner")!.question;
    const { status, body } = await get(`/api/questions/javascript/${consoleQ.id}`);
    expect(status).toBe(200);
    expect(body.question).toMatchObject({ id: consoleQ.id, output: consoleQ.output, options: consoleQ.options!.map((o) => o.text) });
    expect(body.question.options[body.question.correctOption]).toBe(consoleQ.output);
    expect(body.question.code.html).toContain('class="hljs-');
    expect(body.previous ?? body.next).not.toBeNull();

    expect((await get(`/api/questions/swift/${consoleQ.id}`)).status).toBe(404);
    expect((await get("/api/questions/javascript/no-such-question")).body).toEqual({
      error: { code: "not_found", message: "No question was found at this address." },
    });
    expect((await get("/api/questions/cobol/x")).status).toBe(400);
    expect((await get("/api/questions?technology=javascript&limit=500")).status).toBe(400);
    expect((await get("/api/questions?technology=javascript&kind=essay")).status).toBe(400);
  });

  test("a question whose file is removed disappears from lists and its address", async () => {
    const gone = files.find((f) => f.question.kind === "theory")!;
    fs.rmSync(path.join(folder, "javascript", `${gone.question.id}.md`));
    expect(await importQuestions(t.services, folder)).toMatchObject({ unpublished: 1 });
    expect((await get(`/api/questions/javascript/${gone.question.id}`)).status).toBe(404);
    const { body } = await get("/api/questions?technology=javascript&limit=100");
    expect(body.questions.map((q: { id: string }) => q.id)).not.toContain(gone.question.id);
    const { body: techs } = await get("/api/questions/technologies");
    expect(techs.technologies[0].total).toBe(files.length - 1);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { questionTexts as t } from "../../app/lib/texts";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { importQuestions } from "../questions/question-import";
import { markAction } from "./mark-form";
import { marksFor } from "./progress-service";

const bank = path.resolve(import.meta.dirname, "../../content/questions/javascript");

describe.each(testDialects())("the Done and Bookmark form posts on %s", (dialect: Dialect) => {
  let ts: TestServices;
  let folder: string;
  let cookie: string;
  let userId: string;
  let id: string;
  beforeAll(async () => {
    ts = await createTestServices(dialect);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-mark-action-"));
    fs.mkdirSync(path.join(folder, "javascript"));
    const file = fs.readdirSync(bank).filter((f) => f.endsWith(".md"))[0]!;
    fs.copyFileSync(path.join(bank, file), path.join(folder, "javascript", file));
    id = file.replace(/\.md$/, "");
    await importQuestions(ts.services, folder);
    const r = await ts.services.auth.api.signUpEmail({
      body: { name: "x", email: `mark-action-${dialect}@example.com`, password: "analytical-engine" },
      returnHeaders: true,
    });
    cookie = r.headers.get("set-cookie")!.split(";")[0]!;
    userId = r.response.user.id;
  });
  afterAll(async () => {
    await ts.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const post = (url: string, fields: Record<string, string>, signedIn = true, anchor = false) =>
    markAction(
      {
        request: new Request(`http://localhost${url}`, {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: signedIn ? { Cookie: cookie } : {},
        }),
        context: { services: ts.services } as AppLoadContext,
      },
      { anchor },
    );
  const marks = async () => (await marksFor(ts.services, { id: userId } as never, [id]))[id] ?? { done: false, bookmarked: false };

  test("a visitor's post changes nothing and is told to sign in", async () => {
    const result = await post(`/javascript-questions/${id}`, { question: id, intent: "done", value: "true" }, false);
    expect(result).not.toBeInstanceOf(Response);
    expect(result).toMatchObject({ data: { markError: t.signInForProgress }, init: { status: 401 } });
    expect(await marks()).toEqual({ done: false, bookmarked: false });
  });

  test("a signed-in reader's post is saved and sends them back to the page (303)", async () => {
    const done = await post(`/javascript-questions/${id}`, { question: id, intent: "done", value: "true" });
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(303);
    expect((done as Response).headers.get("Location")).toBe(`/javascript-questions/${id}`);
    const bookmarked = await post(
      "/javascript-questions?kind=theory&level=beginner",
      { question: id, intent: "bookmarked", value: "true" },
      true,
      true,
    );
    expect((bookmarked as Response).headers.get("Location")).toBe(`/javascript-questions?kind=theory&level=beginner#${id}`);
    expect(await marks()).toEqual({ done: true, bookmarked: true });
    await post(`/javascript-questions/${id}`, { question: id, intent: "done", value: "false" });
    expect(await marks()).toEqual({ done: false, bookmarked: true });
  });

  test("a post that does not read, or names no question, changes nothing and says why", async () => {
    const before = await marks();
    for (const fields of [
      { question: id, intent: "liked", value: "true" },
      { question: id, intent: "done", value: "yes" },
      { question: "", intent: "done", value: "true" },
    ])
      expect(await post(`/javascript-questions/${id}`, fields)).toMatchObject({ data: { markError: t.markFailed }, init: { status: 400 } });
    expect(await post("/javascript-questions/nope", { question: "no-such-question", intent: "done", value: "true" })).toMatchObject({
      data: { markError: t.notFoundHint },
      init: { status: 404 },
    });
    expect(await marks()).toEqual(before);
  });
});

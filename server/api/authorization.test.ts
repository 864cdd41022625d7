import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dialect, testDialects } from "../../tests/support/databases";
import { type ApiOperation, apiOperations } from "../../tests/support/openapi";
import { type TestServices, createTestServices } from "../../tests/support/services";
import { createApp } from "../app";
import { importQuestions } from "../questions/question-import";
import { interviewMessages } from "./interviews";
import { typeCheckMessages } from "./questions";
import { setUserRole } from "../users/user-service";

/**
 * Issue #15's authorisation matrix. Every operation in the OpenAPI document is called by each
 * kind of caller, and what the document promises (its `security`) must be what the server
 * does; then the resources people own are read and changed by their owner, another user, a
 * visitor and an admin. An operation added later is in the first part without anyone listing it,
 * and fails the second until it has a row in OWNERSHIP saying whose data it touches.
 */
type Caller = "visitor" | "user" | "admin";
type Party = "owner" | "other" | "visitor" | "admin";

/** What the owner made before the matrix runs: ids and codes, and what their responses contain. */
interface Made {
  question: string;
  program: string;
  snippet: string;
  quizId: string;
  interviewId: string;
  /** A fresh resource for each row that changes it. */
  quiz(): Promise<string>;
  interview(): Promise<string>;
  room(): Promise<string>;
  pendingPost(): Promise<string>;
  /** A room with the owner as one of its players (their token); `started`: its first question is being asked. */
  roomWithPlayer(started: boolean): Promise<{ code: string; token: string }>;
}

/**
 * Every operation in the document, by whose data it touches:
 * - `public`: nobody's own (the same for everyone; part one holds their promises);
 * - `admin`: moderators' tools;
 * - `self`: the caller's own data; `marker` names what the owner has there, which another user's
 *   answer must never contain (writes: another user's call leaves the owner's data as it was);
 * - `owned`: a path parameter names someone's resource; the status each party gets.
 */
type Ownership =
  | { kind: "public" | "admin" }
  | { kind: "self"; marker: (made: Made) => string; path?: (made: Made) => string; body?: unknown; readBack?: string }
  | {
      kind: "owned";
      params: (made: Made) => Promise<Record<string, string>>;
      body?: unknown;
      headers?: (params: Record<string, string>) => Record<string, string>;
      expect: Record<Party, number>;
      /** Text only the owner's answer has (when the statuses alike would not show who got further). */
      ownerSees?: string;
    };

const hidden = { other: 404, visitor: 404, admin: 404 };
const signedInHidden = { other: 404, visitor: 401, admin: 404 };
const hostOnly = { owner: 200, other: 403, visitor: 401, admin: 403 };
const OWNERSHIP: Record<string, Ownership> = {
  "GET /api/admin/contact-messages": { kind: "admin" },
  "GET /api/admin/blog/pending": { kind: "admin" },
  "POST /api/admin/blog/posts/{id}/approve": {
    kind: "owned",
    params: async (m) => ({ id: await m.pendingPost() }),
    body: {},
    expect: { owner: 403, other: 403, visitor: 401, admin: 200 },
  },
  "POST /api/admin/blog/posts/{id}/reject": {
    kind: "owned",
    params: async (m) => ({ id: await m.pendingPost() }),
    body: { note: "Not for Dev Insights." },
    expect: { owner: 403, other: 403, visitor: 401, admin: 200 },
  },
  "GET /api/questions/search": { kind: "public" },
  "GET /api/questions/technologies": { kind: "public" },
  "GET /api/questions": { kind: "public" },
  "GET /api/questions/{technology}/{id}": { kind: "public" },
  "POST /api/questions/{technology}/{id}/typecheck": { kind: "public" },
  "GET /api/progress/questions/{id}/code": {
    kind: "self",
    path: (m) => `/api/progress/questions/${m.program}/code`,
    marker: () => "owner's code",
  },
  "PUT /api/progress/questions/{id}/code": {
    kind: "self",
    path: (m) => `/api/progress/questions/${m.program}/code`,
    body: { code: "// another user's code" },
    marker: () => "owner's code",
  },
  // Counts per technology: the owner has done one JavaScript question, nobody else any.
  "GET /api/progress": { kind: "self", marker: () => '"done":1,' },
  "GET /api/progress/questions": { kind: "self", path: () => "/api/progress/questions?technology=javascript", marker: (m) => m.question },
  "PUT /api/progress/questions/{id}": {
    kind: "self",
    path: (m) => `/api/progress/questions/${m.question}`,
    body: { done: false, bookmarked: false },
    readBack: "/api/progress/bookmarks",
    marker: (m) => m.question,
  },
  "GET /api/progress/bookmarks": { kind: "self", marker: (m) => m.question },
  "GET /api/quizzes/pool": { kind: "public" },
  "GET /api/quizzes/history": { kind: "self", marker: (m) => m.quizId },
  "GET /api/quizzes/leaderboard": { kind: "public" },
  "POST /api/quizzes": { kind: "public" },
  "GET /api/quizzes/{id}": { kind: "owned", params: async (m) => ({ id: await m.quiz() }), expect: { owner: 200, ...hidden } },
  "POST /api/quizzes/{id}/current": { kind: "owned", params: async (m) => ({ id: await m.quiz() }), expect: { owner: 200, ...hidden } },
  "POST /api/quizzes/{id}/answers": {
    kind: "owned",
    params: async (m) => ({ id: await m.quiz() }),
    body: { position: 0, option: 0 },
    expect: { owner: 200, ...hidden },
  },
  "GET /api/interviews": { kind: "self", marker: (m) => m.interviewId },
  "POST /api/interviews": { kind: "public" },
  "GET /api/interviews/{id}": {
    kind: "owned",
    params: async (m) => ({ id: await m.interview() }),
    expect: { owner: 200, ...signedInHidden },
  },
  "POST /api/interviews/{id}/answers": {
    kind: "owned",
    params: async (m) => ({ id: await m.interview() }),
    body: { position: 0, answer: "A closure keeps the variables of the scope it was made in." },
    expect: { owner: 200, ...signedInHidden },
  },
  "POST /api/interviews/{id}/hints": {
    kind: "owned",
    params: async (m) => ({ id: await m.interview() }),
    body: { position: 0 },
    expect: { owner: 200, ...signedInHidden },
  },
  "POST /api/interviews/{id}/typecheck": {
    kind: "owned",
    params: async (m) => ({ id: await m.interview() }),
    body: { position: 0, code: "const x: number = 1;" },
    // The first question is theory, not a TypeScript task: the owner is told so; others only that there is no such interview.
    expect: { owner: 404, ...signedInHidden },
    ownerSees: typeCheckMessages.notTypeScript,
  },
  // The interview is still running: its owner is told to finish it first; others only that there is no such interview.
  "POST /api/interviews/{id}/self-check": {
    kind: "owned",
    params: async (m) => ({ id: await m.interview() }),
    body: { turns: [] },
    expect: { owner: 409, ...signedInHidden },
    ownerSees: interviewMessages.notFinished,
  },
  "GET /api/account/preferences": { kind: "self", marker: () => '"showOnLeaderboards":false' },
  "PUT /api/account/preferences": { kind: "self", body: { showOnLeaderboards: true }, marker: () => '"showOnLeaderboards":false' },
  "POST /api/rooms": { kind: "public" },
  // A room's code is what players join with: anyone who has it sees the lobby and may join.
  "GET /api/rooms/{code}": {
    kind: "owned",
    params: async (m) => ({ code: await m.room() }),
    expect: { owner: 200, other: 200, visitor: 200, admin: 200 },
  },
  "POST /api/rooms/{code}/players": {
    kind: "owned",
    params: async (m) => ({ code: await m.room() }),
    body: {},
    expect: { owner: 201, other: 201, visitor: 400, admin: 201 },
  },
  "POST /api/rooms/{code}/next": { kind: "owned", params: async (m) => ({ code: (await m.roomWithPlayer(false)).code }), expect: hostOnly },
  "POST /api/rooms/{code}/reveal": {
    kind: "owned",
    params: async (m) => ({ code: (await m.roomWithPlayer(true)).code }),
    expect: hostOnly,
  },
  "POST /api/rooms/{code}/end": { kind: "owned", params: async (m) => ({ code: await m.room() }), expect: hostOnly },
  // The player's token is the key: the owner here is the player who holds it, and only they may answer as that player.
  "POST /api/rooms/{code}/answers": {
    kind: "owned",
    params: async (m) => m.roomWithPlayer(true),
    headers: (p) => ({ "X-Player-Token": p.token! }),
    body: { position: 0, option: 0 },
    expect: { owner: 200, other: 401, visitor: 401, admin: 401 },
  },
  "GET /api/rooms/{code}/events": {
    kind: "owned",
    params: async (m) => ({ code: await m.room() }),
    expect: { owner: 200, other: 401, visitor: 401, admin: 401 },
  },
  "GET /api/snippets/mine": { kind: "self", marker: (m) => m.snippet },
  "POST /api/snippets": { kind: "public" },
  "POST /api/compiler/typecheck": { kind: "public" },
  // Shared code is shared by its link: whoever has the id reads it (there is no private snippet).
  "GET /api/snippets/{id}": {
    kind: "owned",
    params: async (m) => ({ id: m.snippet }),
    expect: { owner: 200, other: 200, visitor: 200, admin: 200 },
  },
  "POST /api/blog/preview": { kind: "public" },
  "GET /api/blog/posts": { kind: "public" },
  "POST /api/blog/posts": { kind: "public" },
  "GET /api/blog/posts/{id}": {
    kind: "owned",
    params: async (m) => ({ id: await m.pendingPost() }),
    expect: { owner: 200, other: 404, visitor: 404, admin: 200 },
  },
  "PUT /api/blog/posts/{id}": {
    kind: "owned",
    params: async (m) => ({ id: await m.pendingPost() }),
    body: { title: "Changed", markdown: "Changed by whoever may." },
    expect: { owner: 200, other: 403, visitor: 401, admin: 403 },
  },
  "GET /api/blog/my-posts": { kind: "self", marker: () => "Owner's pending post" },
  "POST /api/uploads/images": { kind: "public" },
  "GET /api/health": { kind: "public" },
  "POST /api/contact": { kind: "public" },
  "POST /api/vitals": { kind: "public" },
};

describe.each(testDialects())("who may do what, on %s", (dialect: Dialect) => {
  let t: TestServices;
  let ops: ApiOperation[] = [];
  const cookies: Record<string, string> = {};
  let client = 0;
  const app = () => createApp(t.services, () => Promise.reject(new Error("no pages in API tests")));

  async function call(caller: Caller | Party, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const headers: Record<string, string> = {
      "X-Forwarded-For": `192.0.2.${(client++ % 250) + 1}`,
      Origin: t.services.config.baseUrl,
      ...extra,
    };
    if (caller !== "visitor") headers.Cookie = cookies[caller]!;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await app().request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) await response.body?.cancel();
    return response;
  }

  beforeAll(async () => {
    t = await createTestServices(dialect, { TRUST_PROXY: "true" });
    for (const name of ["user", "admin", "owner", "other"]) {
      const response = await app().request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${++client}` },
        body: JSON.stringify({ name, email: `${name}@example.com`, password: "analytical-engine" }),
      });
      cookies[name] = response.headers.get("set-cookie")!.split(";")[0]!;
    }
    await setUserRole(t.services, "admin@example.com", "admin");
    // The JavaScript questions of the bank: quizzes, interviews and rooms draw from them.
    bank = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-authorization-"));
    fs.cpSync(path.resolve(import.meta.dirname, "../../content/questions/javascript"), path.join(bank, "javascript"), { recursive: true });
    await importQuestions(t.services, bank);
    ops = apiOperations(await (await app().request("/api/openapi.json")).json());
  });
  let bank = "";
  afterAll(async () => {
    await t.close();
    fs.rmSync(bank, { recursive: true, force: true });
  });

  test("every operation does what the document promises to visitors, users and admins", async () => {
    expect(ops.length).toBeGreaterThan(40);
    const rows: string[] = [];
    for (const op of ops) {
      const path = op.path.replace(/\{\w+\}/g, "zzzzzz");
      const body = op.method === "GET" ? undefined : {};
      const admin = path.startsWith("/api/admin/");
      const statuses = Object.fromEntries(
        await Promise.all(
          (["visitor", "user", "admin"] as Caller[]).map(async (caller) => [caller, (await call(caller, op.method, path, body)).status]),
        ),
      ) as Record<Caller, number>;
      rows.push(`${op.method} ${op.path} ${op.access}: ${JSON.stringify(statuses)}`);
      const where = rows.at(-1);
      for (const status of Object.values(statuses)) expect(status, where).toBeLessThan(500);
      if (op.access === "signed-in") expect(statuses.visitor, where).toBe(401);
      else expect(statuses.visitor, where).not.toBe(401);
      // Signed in, no one is asked to sign in; only admins get past the admin endpoints.
      expect(statuses.user, where).not.toBe(401);
      expect(statuses.admin, where).not.toBe(401);
      if (admin) expect(statuses.user, where).toBe(403);
      else expect(statuses.user, where).not.toBe(403);
      expect(statuses.admin, where).not.toBe(403);
    }
  });

  test("a pending post is its author's and the moderators' alone until it is approved", async () => {
    const submitted = await call("owner", "POST", "/api/blog/posts", {
      title: "Owner's draft",
      markdown: "Not approved yet: only its author and moderators may read it.",
    });
    expect(submitted.status).toBe(201);
    const { id } = (await submitted.json()) as { id: string };
    const post = `/api/blog/posts/${id}`;
    const reads = { owner: 200, admin: 200, other: 404, user: 404, visitor: 404 };
    for (const [caller, status] of Object.entries(reads)) expect((await call(caller as Caller, "GET", post)).status, caller).toBe(status);
    const edit = { title: "Changed by someone else", markdown: "This must not be saved." };
    expect((await call("visitor", "PUT", post, edit)).status).toBe(401);
    expect([403, 404]).toContain((await call("other", "PUT", post, edit)).status);
    expect((await call("owner", "PUT", post, { title: "Owner's draft, revised", markdown: "Still pending." })).status).toBe(200);
    // Nobody else's list shows it, and only a moderator may approve it.
    const mine = async (caller: "owner" | "other") => JSON.stringify(await (await call(caller, "GET", "/api/blog/my-posts")).json());
    expect(await mine("owner")).toContain(id);
    expect(await mine("other")).not.toContain(id);
    expect((await call("other", "POST", `/api/admin/blog/posts/${id}/approve`, {})).status).toBe(403);
    expect((await call("admin", "POST", `/api/admin/blog/posts/${id}/approve`, {})).status).toBe(200);
    expect((await call("visitor", "GET", post)).status).toBe(200);
  });

  test("what people keep for themselves (their snippet list, their preferences) is theirs alone", async () => {
    const shared = await call("owner", "POST", "/api/snippets", { language: "javascript", code: "console.log('owner');" });
    expect(shared.status).toBe(201);
    const { id } = (await shared.json()) as { id: string };
    const text = async (caller: "owner" | "other", path: string) => JSON.stringify(await (await call(caller, "GET", path)).json());
    expect(await text("owner", "/api/snippets/mine")).toContain(id);
    expect(await text("other", "/api/snippets/mine")).not.toContain(id);
    expect((await call("owner", "PUT", "/api/account/preferences", { showOnLeaderboards: false })).status).toBe(200);
    expect(await text("owner", "/api/account/preferences")).toContain('"showOnLeaderboards":false');
    expect(await text("other", "/api/account/preferences")).toContain('"showOnLeaderboards":true');
  });

  test("every operation in the document has a row saying whose data it touches, and every row is a documented operation", () => {
    expect(ops.map((op) => `${op.method} ${op.path}`).sort()).toEqual(Object.keys(OWNERSHIP).sort());
  });

  test(
    "on each person's resources, the owner, another user, a visitor and an admin get what the matrix says",
    { timeout: 60_000 },
    async () => {
      const json = async (response: Response) => (await response.json()) as Record<string, Record<string, string>>;
      const as = async (caller: Party | Caller, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        call(caller, method, path, body, headers);
      const made = await makeOwnersThings(as, json);
      const table: string[] = [];
      for (const op of ops) {
        const row = OWNERSHIP[`${op.method} ${op.path}`]!;
        if (row.kind === "owned") {
          const params = await row.params(made);
          const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!);
          const got: Partial<Record<Party, number>> = {};
          const texts: Partial<Record<Party, string>> = {};
          // Everyone else first: none of them may change what the owner's own call then finds.
          for (const party of ["other", "visitor", "admin", "owner"] as Party[]) {
            const headers = party === "owner" ? (row.headers?.(params) ?? {}) : {};
            const response = await as(party, op.method, path, row.body, headers);
            got[party] = response.status;
            texts[party] = response.headers.get("content-type")?.includes("json") ? await response.text() : "";
          }
          table.push(`${op.method} ${op.path}: ${JSON.stringify(got)}`);
          expect(got, table.at(-1)).toEqual(row.expect);
          if (row.ownerSees) {
            expect(texts.owner, table.at(-1)).toContain(row.ownerSees);
            for (const party of ["other", "visitor", "admin"] as Party[]) expect(texts[party], table.at(-1)).not.toContain(row.ownerSees);
          }
        } else if (row.kind === "self") {
          const path = row.path?.(made) ?? op.path;
          const marker = row.marker(made);
          const readPath = op.method === "GET" ? path : (row.readBack ?? path);
          for (const party of ["other", "admin"] as Party[]) {
            const response = await as(party, op.method, path, row.body);
            expect(response.status, `${party} ${op.method} ${path}`).toBe(200);
            if (op.method === "GET") expect(await response.text(), `${party} reads ${path}`).not.toContain(marker);
          }
          const own = await as("owner", "GET", readPath);
          expect(own.status).toBe(200);
          expect(await own.text(), `the owner's ${readPath} after others called ${op.method} ${path}`).toContain(marker);
          table.push(`${op.method} ${op.path}: self`);
        }
      }
      expect(table.length).toBeGreaterThan(25);
    },
  );
});

/** The owner's things, made through the API as the owner would make them. */
async function makeOwnersThings(
  as: (caller: Party, method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<Response>,
  json: (response: Response) => Promise<Record<string, Record<string, string>>>,
): Promise<Made> {
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return json(response);
  };
  const ids = async (query: string) =>
    (
      (await (await as("visitor", "GET", `/api/questions?technology=javascript&${query}&limit=5`)).json()) as {
        questions: { id: string }[];
      }
    ).questions[0]!.id;
  const question = await ids("kind=theory");
  const program = await ids("kind=program");
  await ok(await as("owner", "PUT", `/api/progress/questions/${question}`, { done: true, bookmarked: true }));
  await ok(await as("owner", "PUT", `/api/progress/questions/${program}/code`, { code: "// owner's code" }));
  await ok(await as("owner", "PUT", "/api/account/preferences", { showOnLeaderboards: false }));
  const snippet = (await ok(await as("owner", "POST", "/api/snippets", { language: "javascript", code: "// owner's snippet" }), 201))
    .id as unknown as string;
  const quiz = async () => {
    const settings = { technology: "javascript", level: "all", questionCount: 10, secondsPerQuestion: null };
    const id = (await ok(await as("owner", "POST", "/api/quizzes", settings), 201)).attempt!.id!;
    await ok(await as("owner", "POST", `/api/quizzes/${id}/current`));
    return id;
  };
  const interview = async () =>
    (await ok(await as("owner", "POST", "/api/interviews", { track: "javascript", level: "beginner", questionCount: 5 }), 201)).interview!
      .id!;
  const room = async () =>
    (
      await ok(
        await as("owner", "POST", "/api/rooms", { technology: "javascript", level: "all", questionCount: 5, secondsPerQuestion: 60 }),
        201,
      )
    ).room!.code!;
  const pendingPost = async () =>
    (await ok(await as("owner", "POST", "/api/blog/posts", { title: "Owner's pending post", markdown: "Waiting for a moderator." }), 201))
      .id as unknown as string;
  const roomWithPlayer = async (started: boolean) => {
    const code = await room();
    const token = (await ok(await as("owner", "POST", `/api/rooms/${code}/players`, { nickname: "Owner playing" }), 201))
      .token as unknown as string;
    if (started) await ok(await as("owner", "POST", `/api/rooms/${code}/next`));
    return { code, token };
  };
  // History lists finished attempts: one played to the end.
  const quizId = await quiz();
  for (let position = 0; position < 10; position++) {
    await ok(await as("owner", "POST", `/api/quizzes/${quizId}/current`));
    await ok(await as("owner", "POST", `/api/quizzes/${quizId}/answers`, { position, option: 0 }));
  }
  return {
    question,
    program,
    snippet,
    quizId,
    interviewId: await interview(),
    quiz,
    interview,
    room,
    pendingPost,
    roomWithPlayer,
  };
}

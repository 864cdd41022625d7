import crypto from "node:crypto";
import { sql } from "kysely";
import { median } from "../../scripts/measure.js";
import type { DatabaseTarget } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { cookieFrom, databaseUrl, freshClientAddress, startAppProcess } from "./app-processes";

/**
 * Issue #15's crash test (`npm run crash-test`, and 5 cycles per database in `npm test`): the
 * production server takes concurrent writes of every kind people make — sign-ups, progress
 * marks, blog submissions, contact messages, quiz answers, shared snippets — and is killed with
 * SIGKILL at a random moment, again and again. A write counts as acknowledged once its 2xx
 * status has arrived; after each restart every acknowledged write so far must be in the
 * database, the database must pass its integrity check, and no sign-up may be left half made
 * (a user without the password that signs them in could never sign in nor sign up again).
 */

export const WRITE_KINDS = ["sign-up", "progress", "blog", "contact", "quiz-answer", "snippet"] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

export interface CrashOptions {
  target: DatabaseTarget;
  cycles: number;
  /** Concurrent clients writing (default 6). */
  clients?: number;
  /** Extra environment for the server (say, SQLite settings being compared). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface CrashReport {
  cycles: number;
  acknowledged: Record<WriteKind, number>;
  /** Acknowledged writes missing after a restart, by kind (each a short description). */
  lost: Record<WriteKind, string[]>;
  /** Answers that were neither 2xx nor an expected refusal, nor a connection cut by the kill. */
  unexpected: string[];
  /** What the integrity checks reported, other than "ok". */
  integrity: string[];
  /** Users without a password account: sign-ups left half made by a crash. */
  halfMadeSignUps: number;
  /** Writes acknowledged per second of writing, over all cycles. */
  writesPerSecond: number;
  /** Milliseconds from SIGKILL to the restarted server's first healthy answer: median and worst. */
  restartMs: { median: number; worst: number };
}

const PASSWORD = "crash-test-password-2026";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Account {
  id: string;
  email: string;
  cookie: string;
}

interface Quiz {
  id: string;
  cookie: string;
  position: number;
  count: number;
}

/** What the clients were told was stored. */
class Ledger {
  signUps: string[] = [];
  accounts: Account[] = [];
  /** "user question" pairs marked done. */
  marks = new Set<string>();
  posts: string[] = [];
  contacts: string[] = [];
  snippets: string[] = [];
  /** "attempt position" pairs answered. */
  answers: string[] = [];
  unexpected: string[] = [];

  counts(): Record<WriteKind, number> {
    return {
      "sign-up": this.signUps.length,
      progress: this.marks.size,
      blog: this.posts.length,
      contact: this.contacts.length,
      "quiz-answer": this.answers.length,
      snippet: this.snippets.length,
    };
  }

  total(): number {
    return Object.values(this.counts()).reduce((a, b) => a + b, 0);
  }
}

const unique = () => `${Date.now().toString(36)}-${crypto.randomBytes(5).toString("hex")}`;

/** The writing clients of one server life: they write until told to stop; a cut connection is simply not acknowledged. */
function clients(base: string, ledger: Ledger, questionIds: string[], quizSettings: object, count: number) {
  let running = true;
  const request = async (method: string, pathname: string, body: unknown, cookie?: string) =>
    fetch(base + pathname, {
      method,
      headers: {
        "Content-Type": "application/json",
        // As the site's own pages send them.
        Origin: base,
        // A fresh client for each write: the per-client limits are not what is tested here.
        "X-Forwarded-For": freshClientAddress(),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const expect = (kind: string, response: Response, allowed: number[]) => {
    if (response.ok || allowed.includes(response.status)) return;
    ledger.unexpected.push(`${kind}: ${response.status}`);
  };
  const someAccount = () => ledger.accounts[Math.floor(Math.random() * ledger.accounts.length)];

  const write = {
    async "sign-up"() {
      const email = `crash-${unique()}@example.com`;
      const response = await request("POST", "/api/auth/sign-up/email", { name: "Crash Test", email, password: PASSWORD });
      expect("sign-up", response, []);
      if (!response.ok) return;
      ledger.signUps.push(email);
      const cookie = cookieFrom(response);
      const { user } = (await response.json()) as { user: { id: string } };
      ledger.accounts.push({ id: user.id, email, cookie });
    },
    async progress() {
      const account = someAccount();
      if (!account) return;
      const questionId = questionIds[Math.floor(Math.random() * questionIds.length)]!;
      const response = await request("PUT", `/api/progress/questions/${encodeURIComponent(questionId)}`, { done: true }, account.cookie);
      expect("progress", response, []);
      if (response.ok) ledger.marks.add(`${account.id} ${questionId}`);
    },
    async blog() {
      const account = someAccount();
      if (!account) return;
      const title = `Crash test post ${unique()}`;
      const response = await request(
        "POST",
        "/api/blog/posts",
        { title, markdown: `Written while the server may die.\n\n${title}` },
        account.cookie,
      );
      // 429: the account's daily quota of posts (issue #31) is used up; nothing was stored.
      expect("blog", response, [429]);
      if (response.ok) ledger.posts.push(title);
    },
    async contact() {
      const message = `Crash test message ${unique()}, sent while the server may die.`;
      const response = await request("POST", "/api/contact", { name: "Crash Test", email: "crash@example.com", message });
      expect("contact", response, []);
      if (response.ok) ledger.contacts.push(message);
    },
    async snippet() {
      const code = `console.log("crash test ${unique()}");`;
      const response = await request("POST", "/api/snippets", { language: "javascript", code }, someAccount()?.cookie);
      expect("snippet", response, []);
      if (response.ok) ledger.snippets.push(code);
    },
  };

  /** Each client plays one quiz at a time, one answer per turn; it survives restarts. */
  const quizzes = new Map<number, Quiz>();
  async function quizAnswer(client: number) {
    let quiz = quizzes.get(client);
    if (!quiz) {
      const account = someAccount();
      if (!account) return;
      const response = await request("POST", "/api/quizzes", quizSettings, account.cookie);
      expect("quiz start", response, []);
      if (!response.ok) return;
      const { attempt } = (await response.json()) as { attempt: { id: string; questionCount: number } };
      quiz = { id: attempt.id, cookie: account.cookie, position: 0, count: attempt.questionCount };
      quizzes.set(client, quiz);
    }
    // The question being asked: after a crash it may be one further than this client knew,
    // when an answer was stored but its response never arrived.
    const current = await request("POST", `/api/quizzes/${quiz.id}/current`, undefined, quiz.cookie);
    if (current.status === 409) return void quizzes.delete(client);
    expect("quiz current", current, []);
    if (!current.ok) return;
    const { question } = (await current.json()) as { question: { position: number } };
    const response = await request("POST", `/api/quizzes/${quiz.id}/answers`, { position: question.position, option: 0 }, quiz.cookie);
    // 409: the quiz moved on (an earlier answer was stored after all).
    expect("quiz answer", response, [409]);
    if (!response.ok) return;
    ledger.answers.push(`${quiz.id} ${question.position}`);
    if (question.position + 1 >= quiz.count) quizzes.delete(client);
  }

  // A sign-up hashes its password with scrypt (128 MiB and a few hundred milliseconds of CPU),
  // as costly as a hundred other writes: one write in 25 is a sign-up, once there are a few accounts.
  const others: WriteKind[] = ["progress", "progress", "blog", "contact", "quiz-answer", "quiz-answer", "snippet"];
  const loop = async (client: number) => {
    while (running) {
      const kind = Math.random() < 0.04 ? "sign-up" : others[Math.floor(Math.random() * others.length)]!;
      try {
        if (kind === "quiz-answer") await quizAnswer(client);
        else await write[kind]();
      } catch {
        // The connection was cut (the server died) or refused (it is down): not acknowledged.
        await sleep(10);
      }
    }
  };
  let all: Promise<unknown> = Promise.resolve();
  return {
    /** A few accounts to write with, made before the first kill. */
    async signUp(count: number) {
      while (ledger.accounts.length < count) await write["sign-up"]();
    },
    start() {
      all = Promise.all(Array.from({ length: count }, (_, i) => loop(i)));
    },
    async stop() {
      running = false;
      await all;
    },
  };
}

/** Every acknowledged write still stored; integrity as the database itself sees it. */
async function verify(target: DatabaseTarget, ledger: Ledger) {
  const database = openDatabase(target);
  const { db } = database;
  const lost: Record<WriteKind, string[]> = { "sign-up": [], progress: [], blog: [], contact: [], "quiz-answer": [], snippet: [] };
  const missing = async (kind: WriteKind, wanted: string[], stored: (chunk: string[]) => Promise<string[]>) => {
    for (let i = 0; i < wanted.length; i += 500) {
      const chunk = wanted.slice(i, i + 500);
      const found = new Set(await stored(chunk));
      lost[kind].push(...chunk.filter((value) => !found.has(value)));
    }
  };
  try {
    await missing("sign-up", ledger.signUps, async (emails) =>
      (await db.selectFrom("user").select("email").where("email", "in", emails).execute()).map((r) => r.email),
    );
    await missing("blog", ledger.posts, async (titles) =>
      (await db.selectFrom("blog_post").select("title").where("title", "in", titles).execute()).map((r) => r.title),
    );
    await missing("contact", ledger.contacts, async (messages) =>
      (await db.selectFrom("contact_message").select("message").where("message", "in", messages).execute()).map((r) => r.message),
    );
    await missing("snippet", ledger.snippets, async (codes) =>
      (await db.selectFrom("snippet").select("code").where("code", "in", codes).execute()).map((r) => r.code),
    );
    await missing("progress", [...ledger.marks], async (keys) => {
      const users = [...new Set(keys.map((k) => k.split(" ")[0]!))];
      const rows = await db
        .selectFrom("question_progress")
        .select(["user_id", "question_id"])
        .where("user_id", "in", users)
        .where("done_at", "is not", null)
        .execute();
      return rows.map((r) => `${r.user_id} ${r.question_id}`);
    });
    await missing("quiz-answer", ledger.answers, async (keys) => {
      const attempts = [...new Set(keys.map((k) => k.split(" ")[0]!))];
      const rows = await db
        .selectFrom("quiz_attempt_question")
        .select(["attempt_id", "position"])
        .where("attempt_id", "in", attempts)
        .where("outcome", "is not", null)
        .execute();
      return rows.map((r) => `${r.attempt_id} ${r.position}`);
    });
    const halfMade = await sql<{ n: number | string }>`
      select count(*) as n from "user" u where not exists (select 1 from account a where a."userId" = u.id)`.execute(db);
    return { lost, integrity: await integrityCheck(target, database), halfMadeSignUps: Number(halfMade.rows[0]?.n ?? 0) };
  } finally {
    await database.close();
  }
}

/**
 * SQLite: `integrity_check` and `foreign_key_check`. PostgreSQL: amcheck over every table and
 * B-tree index of the schema (it ships with Debian's server package), which reads each page.
 */
async function integrityCheck(target: DatabaseTarget, { db }: ReturnType<typeof openDatabase>): Promise<string[]> {
  if (target.dialect === "sqlite") {
    const problems = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db)).rows.map((r) => r.integrity_check);
    const orphans = (await sql<{ table: string }>`pragma foreign_key_check`.execute(db)).rows.map((r) => `orphan row in ${r.table}`);
    return [...problems.filter((p) => p !== "ok"), ...orphans];
  }
  await sql`create extension if not exists amcheck`.execute(db);
  const problems: string[] = [];
  const tables = await sql<{ name: string }>`
    select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
  for (const { name } of tables.rows) {
    const heap = await sql<{ msg: string }>`select msg from verify_heapam(${name}::regclass)`.execute(db);
    problems.push(...heap.rows.map((r) => `${name}: ${r.msg}`));
  }
  const indexes = await sql<{ name: string }>`
    select c.oid::regclass::text as name from pg_index i join pg_class c on c.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace join pg_am am on am.oid = c.relam
    where n.nspname = current_schema() and am.amname = 'btree' and c.relpersistence != 't'`.execute(db);
  for (const { name } of indexes.rows) {
    try {
      await sql`select bt_index_check(${name}::regclass, true)`.execute(db);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return problems;
}

export async function crashCycles({
  target,
  cycles,
  clients: clientCount = 6,
  env = {},
  log = () => {},
}: CrashOptions): Promise<CrashReport> {
  const server = await startAppProcess({
    DATABASE_URL: databaseUrl({ target }),
    TRUST_PROXY: "true",
    AUTH_SECRET: "crash-test-secret-not-used-anywhere-else",
    ...env,
  });
  const ledger = new Ledger();
  const restarts: number[] = [];
  let writingMs = 0;
  const base = server.base;
  try {
    const list = (await (await fetch(`${base}/api/questions?technology=javascript&limit=100`)).json()) as { questions: { id: string }[] };
    const questionIds = list.questions.map((q) => q.id);
    const { pool } = (await (await fetch(`${base}/api/quizzes/pool`)).json()) as { pool: Record<string, { all: number }> };
    const technology = Object.entries(pool).find(([slug, counts]) => slug !== "mixed" && counts.all >= 10)?.[0];
    if (!questionIds.length || !technology)
      throw new Error("The crash test needs the seeded question bank (questions and quiz questions).");
    const quizSettings = { technology, level: "all", questionCount: 10, secondsPerQuestion: null };
    let report: Omit<CrashReport, "cycles" | "acknowledged" | "writesPerSecond" | "restartMs"> | undefined;
    await clients(base, ledger, questionIds, quizSettings, clientCount).signUp(clientCount);
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const writers = clients(base, ledger, questionIds, quizSettings, clientCount);
      writers.start();
      // Killed at a random moment while the clients write.
      const lifetime = 500 + Math.random() * 2000;
      await sleep(lifetime);
      writingMs += lifetime;
      const killedAt = Date.now();
      await server.kill();
      await writers.stop();
      await server.restart();
      restarts.push(Date.now() - killedAt);
      const checked = await verify(target, ledger);
      report = { ...checked, unexpected: ledger.unexpected };
      const lostNow = Object.values(checked.lost).reduce((n, l) => n + l.length, 0);
      const acknowledged = ledger.total();
      log(
        `cycle ${cycle}/${cycles}: killed after ${Math.round(lifetime)} ms; ${acknowledged} writes acknowledged so far, ${lostNow} lost; ` +
          `integrity ${checked.integrity.length ? checked.integrity.join("; ") : "ok"}; restarted in ${restarts.at(-1)} ms`,
      );
    }
    return {
      ...report!,
      cycles,
      acknowledged: ledger.counts(),
      writesPerSecond: Math.round((ledger.total() / writingMs) * 1000),
      restartMs: { median: median(restarts), worst: Math.max(...restarts) },
    };
  } finally {
    await server.stop();
  }
}

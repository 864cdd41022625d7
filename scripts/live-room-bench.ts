// `npm run bench:live`: a live quiz room (issue #12) under load. Two production app
// processes share one PostgreSQL; a host on the first and simulated players split over both
// (each joins, streams and answers on its own process) play a whole quiz. Prints, per
// question, the spread between the first and last player receiving it (one clock: this
// script's performance.now()), the latency from the host's "next" to the first and last
// receipt, and the answers acknowledged (HTTP 200) against those recorded in the database.
// Targets: every player gets every question, within 1000 ms of each other; no answer lost.
// Exits non-zero when a target is missed.
//
// Options: --players 200, --questions 10 (5, 10, 15 or 20), --seconds 10 (10, 20, 30 or 60).
// BENCH_DATABASE_URL: use this (empty) PostgreSQL database instead of a throw-away cluster.
// BENCH_CPU_PROF=<folder>: the app processes write V8 CPU profiles there (node --cpu-prof),
// and the quiz's start and end are printed on their clock (process.hrtime, µs).
//
// The load generator shares the machine's cores with both servers and PostgreSQL, so its
// own event-loop delay is printed too: a receipt time includes the time this process took
// to get round to reading the bytes.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import readline from "node:readline";
import pg from "pg";
import { ROOM_LENGTHS, ROOM_TIMES } from "../app/features/quiz/quiz-types";
import { cookieFrom } from "../tests/support/app-processes";
import { type Cluster, findPostgresBin, freePort, startCluster } from "../tests/support/postgres-cluster";
import { EventStreamReader, type ReceivedEvent } from "../tests/support/sse";

const root = path.resolve(import.meta.dirname, "..");
const SPREAD_TARGET_MS = 1000;
/** The event-loop delay monitor's sampling tick; what it records beyond this is delay. */
const LOOP_TICK_MS = 5;

/* Options ----------------------------------------------------------------------------- */

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value <= 0) fail(`--${name} needs a whole number (got "${args[i + 1] ?? ""}")`);
  return value;
}
const unknown = args.filter((a) => a.startsWith("-") && !["--", "--players", "--questions", "--seconds"].includes(a));
if (unknown.length) fail(`unknown option ${unknown.join(" ")} (options: --players N, --questions N, --seconds N)`);
const players = option("players", 200);
const questions = option("questions", 10);
const seconds = option("seconds", 10);
if (!(ROOM_LENGTHS as readonly number[]).includes(questions)) fail(`--questions must be one of ${ROOM_LENGTHS.join(", ")}`);
if (!(ROOM_TIMES as readonly number[]).includes(seconds)) fail(`--seconds must be one of ${ROOM_TIMES.join(", ")}`);
if (players > 500) fail("a room holds at most 500 players");

function fail(message: string): never {
  console.error(`live-room-bench: ${message}`);
  process.exit(2);
}

/* Clean-up: on success, on an error and on Ctrl-C alike ---------------------------------- */

const cleanups: (() => void | Promise<void>)[] = [];
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error("clean-up:", error);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and the database…`);
    void cleanUp().finally(() => process.exit(130));
  });

/* Build, database, servers ----------------------------------------------------------------- */

/** The newest modification time of the files the build is made from (tests aside). */
function newestSource(): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
    else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of ["server", "app", "server.js", "vite.config.ts", "react-router.config.ts"]) visit(path.join(root, p));
  return newest;
}

function ensureBuild() {
  const entry = path.join(root, "build/server/index.js");
  const why = !fs.existsSync(entry) ? "no build" : fs.statSync(entry).mtimeMs < newestSource() ? "the build is older than the source" : "";
  if (!why) return;
  console.log(`${why}: npm run build…`);
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("the build failed");
}

interface AppProcess {
  name: string;
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startApp(name: string, env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`, `--cpu-prof-name=app-${name}.cpuprofile`] : [];
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: base,
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The server's own warnings and errors, one line each, marked with the process.
  for (const out of [child.stdout!, child.stderr!])
    readline.createInterface({ input: out }).on("line", (line) => console.error(`[${name}] ${line.slice(0, 400)}`));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  cleanups.push(stop);
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`app process ${name} exited (code ${child.exitCode}) before it was ready`);
    if (performance.now() - started > 120_000) throw new Error(`app process ${name} was not ready within 120 s`);
    await sleep(100);
  }
  console.log(`app process ${name}: pid ${child.pid}, ${base}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { name, base, child, stop };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/* HTTP ------------------------------------------------------------------------------------ */

interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read by the script
  body: any;
  headers: Headers;
}

async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

async function expectStatus(reply: Promise<Reply>, status: number, what: string): Promise<Reply> {
  const r = await reply;
  if (r.status !== status) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}

async function openStream(base: string, url: string, headers: Record<string, string>): Promise<EventStreamReader> {
  const response = await fetch(`${base}${url}`, { headers: { Accept: "text/event-stream", ...headers } });
  if (response.status !== 200) throw new Error(`${url.replace(/token=.*/, "token=…")}: HTTP ${response.status} ${await response.text()}`);
  return new EventStreamReader(response);
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

/** The first event of this name (and position, if given) that has arrived, or waits for it. */
async function eventAt(reader: EventStreamReader, name: string, position: number | null, timeoutMs: number): Promise<ReceivedEvent | null> {
  const until = performance.now() + timeoutMs;
  const match = (e: ReceivedEvent) => e.event === name && (position === null || e.data?.position === position);
  for (;;) {
    const found = reader.events.find(match);
    if (found) return found;
    const left = until - performance.now();
    if (left <= 0 || reader.closed) return null;
    await reader.next(name, left).catch(() => null);
  }
}

/* The run --------------------------------------------------------------------------------- */

interface Player {
  index: number;
  nickname: string;
  app: AppProcess;
  address: string;
  token: string;
  reader: EventStreamReader;
}

interface QuestionResult {
  position: number;
  nextSentAt: number;
  nextMs: number;
  received: { player: Player; at: number }[];
  acknowledged: number;
  refused: Map<string, number>;
  recorded: number;
  revealedAfterMs: number | null;
  revealReceived: number;
}

/** A distinct client address per simulated client, from the documentation ranges (RFC 5737): headers only, never dialled. */
const address = (i: number) => `${["198.51.100", "203.0.113", "192.0.2"][Math.floor(i / 250)]}.${(i % 250) + 1}`;

async function main() {
  ensureBuild();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-live-bench-"));
  cleanups.push(() => fs.rmSync(scratch, { recursive: true, force: true }));

  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    const bin = findPostgresBin();
    if (!bin) throw new Error("PostgreSQL is not installed (initdb not found): install it or set BENCH_DATABASE_URL");
    const cluster: Cluster = await startCluster(bin);
    cleanups.push(() => cluster.stop());
    databaseUrl = cluster.url;
    console.log(`PostgreSQL: throw-away cluster at ${cluster.url}`);
  } else console.log("PostgreSQL: BENCH_DATABASE_URL");

  // One auth secret for both, as behind a load balancer (a session is good on either process).
  const shared = { DATABASE_URL: databaseUrl, AUTH_SECRET: crypto.randomBytes(32).toString("base64url") };
  // One after the other: the first imports the question bank into the empty database.
  const a = await startApp("A", { ...shared, DATA_DIR: path.join(scratch, "a") });
  const b = await startApp("B", { ...shared, DATA_DIR: path.join(scratch, "b") });
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  cleanups.push(() => database.end());

  // The host signs up and opens the room on A.
  const hostHeaders = { "X-Forwarded-For": address(players) };
  const signUp = await expectStatus(
    call(
      a.base,
      "POST",
      "/api/auth/sign-up/email",
      { ...hostHeaders, Origin: a.base },
      { name: "Bench Host", email: `host-${Date.now()}@example.com`, password: "analytical-engine-bench" },
    ),
    200,
    "host sign-up",
  );
  const cookie = cookieFrom(signUp);
  // A browser's requests: a write with a cookie must say where it comes from (server/http/cross-site.ts).
  const host = { ...hostHeaders, Cookie: cookie, Origin: a.base };
  const created = await expectStatus(
    call(a.base, "POST", "/api/rooms", host, {
      technology: "javascript",
      level: "all",
      questionCount: questions,
      secondsPerQuestion: seconds,
    }),
    201,
    "create room",
  );
  const code: string = created.body.room.code;
  const total: number = created.body.room.questionCount;
  const { id: roomId } = (await database.query<{ id: string }>("select id from quiz_room where code = $1", [code])).rows[0]!;
  const hostStream = await openStream(a.base, `/api/rooms/${code}/events`, host);
  cleanups.push(() => hostStream.close());
  console.log(`room ${code}: ${total} questions of ${seconds} s; host on A`);

  // Players join (half on each process) and open their streams there.
  const joinStarted = performance.now();
  const roster: Player[] = await pooled(
    Array.from({ length: players }, (_, i) => i),
    20,
    async (index) => {
      const app = index % 2 === 0 ? a : b;
      const nickname = `Player ${String(index + 1).padStart(3, "0")}`;
      const headers = { "X-Forwarded-For": address(index) };
      const joined = await expectStatus(
        call(app.base, "POST", `/api/rooms/${code}/players`, headers, { nickname }),
        201,
        `join ${nickname}`,
      );
      const token: string = joined.body.token;
      const reader = await openStream(app.base, `/api/rooms/${code}/events?token=${encodeURIComponent(token)}`, headers);
      cleanups.push(() => reader.close());
      return { index, nickname, app, address: headers["X-Forwarded-For"], token, reader };
    },
  );
  const states = await Promise.all(roster.map((p) => eventAt(p.reader, "state", null, 30_000)));
  if (states.some((s) => !s)) throw new Error(`${states.filter((s) => !s).length} players got no "state" event`);
  const inRoom = (await expectStatus(call(a.base, "GET", `/api/rooms/${code}`, hostHeaders), 200, "read room")).body.room.playerCount;
  console.log(
    `${players} players joined and streaming (${roster.filter((p) => p.app === a).length} on A, ${roster.filter((p) => p.app === b).length} on B) ` +
      `in ${((performance.now() - joinStarted) / 1000).toFixed(1)} s; the room counts ${inRoom}\n`,
  );

  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_TICK_MS });
  loopDelay.enable();
  const postmaster = await postmasterPid(database);
  const cpuBefore = process.cpuUsage();
  const cpuOf = () => ({ a: cpuSeconds(a.child.pid), b: cpuSeconds(b.child.pid), pg: postmaster ? cpuSeconds(postmaster, true) : null });
  const serversBefore = cpuOf();
  const quizStarted = performance.now();
  const hrtimeStarted = process.hrtime.bigint() / 1000n;
  const results: QuestionResult[] = [];
  const answerTimes: number[] = [];

  for (let position = 0; position < total; position++) {
    const nextSentAt = performance.now();
    await expectStatus(call(a.base, "POST", `/api/rooms/${code}/next`, host), 200, `next (question ${position + 1})`);
    const nextMs = performance.now() - nextSentAt;
    const result: QuestionResult = {
      position,
      nextSentAt,
      nextMs,
      received: [],
      acknowledged: 0,
      refused: new Map(),
      recorded: 0,
      revealedAfterMs: null,
      revealReceived: 0,
    };
    // Every player: the question, then an answer after 0.2 s to (seconds − 3) s with a random option.
    const answers = roster.map(async (player) => {
      const event = await eventAt(player.reader, "question", position, seconds * 1000);
      if (!event) return;
      result.received.push({ player, at: event.at });
      await sleep(200 + Math.random() * (seconds * 1000 - 3200));
      const options = Math.max(1, event.data.question.options.length);
      const headers = { "X-Forwarded-For": player.address, "X-Player-Token": player.token };
      try {
        const sent = performance.now();
        const reply = await call(player.app.base, "POST", `/api/rooms/${code}/answers`, headers, {
          position,
          option: Math.floor(Math.random() * options),
        });
        answerTimes.push(performance.now() - sent);
        if (reply.status === 200) result.acknowledged++;
        else {
          const key = `${reply.status} ${reply.body?.error?.code ?? ""}`.trim();
          result.refused.set(key, (result.refused.get(key) ?? 0) + 1);
        }
      } catch (error) {
        const key = `network ${(error as Error).message}`;
        result.refused.set(key, (result.refused.get(key) ?? 0) + 1);
      }
    });
    // The host waits for the reveal (everyone answered, or time is up), as a real host would.
    const reveal = await eventAt(hostStream, "reveal", position, seconds * 1000 + 10_000);
    result.revealedAfterMs = reveal ? reveal.at - nextSentAt : null;
    await Promise.all(answers);
    // Before "next", the players see the leaderboard (bounded wait).
    const reveals = await Promise.all(roster.map((p) => eventAt(p.reader, "reveal", position, 5000)));
    result.revealReceived = reveals.filter(Boolean).length;
    result.recorded = Number(
      (
        await database.query<{ n: string }>("select count(*) as n from quiz_room_answer where room_id = $1 and position = $2", [
          roomId,
          position,
        ])
      ).rows[0]!.n,
    );
    results.push(result);
    printRow(result);
  }
  const finalSentAt = performance.now();
  await expectStatus(call(a.base, "POST", `/api/rooms/${code}/next`, host), 200, "next (final ranking)");
  const finalMs = performance.now() - finalSentAt;
  const finished = await Promise.all(roster.map((p) => eventAt(p.reader, "finished", null, 10_000)));
  const finishedAt = finished.flatMap((e) => (e ? [e.at - finalSentAt] : []));
  const finishedCount = finishedAt.length;
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const serversAfter = cpuOf();
  if (process.env.BENCH_CPU_PROF) console.log(`profile window (hrtime µs): ${hrtimeStarted} – ${process.hrtime.bigint() / 1000n}`);

  // Summary.
  const spreads = results.map(spreadOf);
  const worstSpread = Math.max(...spreads);
  const missing = results.reduce((n, r) => n + (players - r.received.length), 0);
  const lost = results.reduce((n, r) => n + Math.max(0, r.acknowledged - r.recorded), 0);
  const mismatched = results.filter((r) => r.recorded !== r.acknowledged).length;
  const refused = results.reduce((n, r) => n + [...r.refused.values()].reduce((x, y) => x + y, 0), 0);
  const revealsMissing = results.reduce((n, r) => n + (players - r.revealReceived), 0);
  const pass = worstSpread <= SPREAD_TARGET_MS && mismatched === 0 && missing === 0;
  console.log(
    `\nreveal received by all players: ${revealsMissing ? `no, ${revealsMissing} missing` : "yes"}; ` +
      `finished received: ${finishedCount}/${players}` +
      (finishedCount
        ? ` (the final ranking: next answered in ${finalMs.toFixed(0)} ms, last player had it at ${Math.max(...finishedAt).toFixed(0)} ms)`
        : "") +
      `; answers refused: ${refused}`,
  );
  answerTimes.sort((x, y) => x - y);
  const pct = (q: number) =>
    answerTimes.length ? answerTimes[Math.min(answerTimes.length - 1, Math.floor(q * answerTimes.length))]!.toFixed(0) : "—";
  console.log(`answer round trips: p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, max ${pct(1)} ms (${answerTimes.length} answers)`);
  const late = (ns: number) => Math.max(0, ns / 1e6 - LOOP_TICK_MS).toFixed(0);
  console.log(
    `load generator: event-loop delay p50 ${late(loopDelay.percentile(50))} ms, p99 ${late(loopDelay.percentile(99))} ms, ` +
      `max ${late(loopDelay.max)} ms`,
  );
  const used = (key: "a" | "b" | "pg") => {
    const [before, after] = [serversBefore[key], serversAfter[key]];
    return before === null || after === null ? "—" : `${(after - before).toFixed(1)} s`;
  };
  console.log(
    `CPU time during the quiz (${((performance.now() - quizStarted) / 1000).toFixed(0)} s on ${os.cpus().length} cores): ` +
      `app A ${used("a")}, app B ${used("b")}, PostgreSQL ${used("pg")}, load generator ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
  );
  console.log(memoryLine([a, b]));
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(`machine: ${os.cpus().length} cores, load average ${load.join(" / ")} (1 / 5 / 15 min) at the end`);
  console.log(
    `${pass ? "PASS" : "FAIL"}: worst spread ${worstSpread.toFixed(0)} ms (target ≤ ${SPREAD_TARGET_MS}), ` +
      `questions missed by players ${missing} (target 0), answers lost ${lost} and questions with recorded ≠ acknowledged ${mismatched} (target 0); ` +
      `${players} players, ${total} questions, 2 app processes on PostgreSQL`,
  );
  return pass;
}

function spreadOf(r: QuestionResult): number {
  if (!r.received.length) return Infinity;
  const times = r.received.map((x) => x.at);
  return Math.max(...times) - Math.min(...times);
}

const COLUMNS: [string, number][] = [
  ["q", 3],
  ["got it", 8],
  ["spread ms", 10],
  ["first ms", 9],
  ["last ms", 8],
  ["last A ms", 10],
  ["last B ms", 10],
  ["next ms", 8],
  ["acked", 6],
  ["recorded", 9],
  ["refused", 8],
  ["reveal ms", 10],
  ["reveal to", 10],
];
let headerPrinted = false;

function printRow(r: QuestionResult) {
  if (!headerPrinted) {
    console.log(COLUMNS.map(([name, width]) => name.padStart(width)).join(" "));
    console.log(
      "(got it: players who received the question; first/last: ms from the host's POST …/next being sent to the first/last receipt; " +
        "last A/B: the last receipt among players on process A/B; next: the POST's own round trip; reveal ms: from next to the host's reveal; " +
        "reveal to: players who received it)",
    );
    headerPrinted = true;
  }
  const times = r.received.map((x) => x.at - r.nextSentAt);
  const on = (name: string) => r.received.filter((x) => x.player.app.name === name).map((x) => x.at - r.nextSentAt);
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "—");
  const refused = [...r.refused.values()].reduce((x, y) => x + y, 0);
  const cells = [
    String(r.position + 1),
    `${r.received.length}/${players}`,
    fmt(spreadOf(r)),
    fmt(Math.min(...times)),
    fmt(Math.max(...times)),
    fmt(Math.max(...on("A"))),
    fmt(Math.max(...on("B"))),
    fmt(r.nextMs),
    String(r.acknowledged),
    String(r.recorded),
    String(refused),
    r.revealedAfterMs === null ? "none" : fmt(r.revealedAfterMs),
    `${r.revealReceived}/${players}`,
  ];
  console.log(cells.map((cell, i) => cell.padStart(COLUMNS[i]![1])).join(" "));
  if (refused) console.log(`    refused: ${[...r.refused].map(([k, n]) => `${k} ×${n}`).join(", ")}`);
}

/** Resident memory of the app processes (ps), and of this script. */
function memoryLine(apps: AppProcess[]): string {
  const parts = apps.map((app) => {
    try {
      const rss = execFileSync("ps", ["-o", "rss=", "-p", String(app.child.pid)], { encoding: "utf8" }).trim();
      return `${app.name} ${(Number(rss) / 1024).toFixed(0)} MiB`;
    } catch {
      return `${app.name} gone`;
    }
  });
  const self = `load generator ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`;
  return `resident memory after the run (ps -o rss): ${parts.join(", ")}; ${self}`;
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux); with `family`, its
 * children too: those still running and those it has waited for (PostgreSQL's backends).
 * Null where /proc is not there to read.
 */
function cpuSeconds(pid: number | undefined, family = false): number | null {
  if (!pid) return null;
  const ticks = 100; // USER_HZ on Linux
  const fields = (p: number) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
    return stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number); // fields from the 3rd (state) on
  };
  try {
    const own = fields(pid);
    // utime, stime, cutime, cstime are fields 14–17, here 11–14.
    let total = own[11]! + own[12]! + (family ? own[13]! + own[14]! : 0);
    if (family)
      for (const entry of fs.readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        try {
          const child = fields(Number(entry));
          if (child[1] === pid) total += child[11]! + child[12]!;
        } catch {
          // gone meanwhile
        }
      }
    return total / ticks;
  } catch {
    return null;
  }
}

/** The PostgreSQL server's process id, when it runs on this machine and we may ask (superuser). */
async function postmasterPid(database: pg.Client): Promise<number | null> {
  try {
    const { rows } = await database.query<{ setting: string }>("select setting from pg_settings where name = 'data_directory'");
    const pid = Number(fs.readFileSync(path.join(rows[0]!.setting, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && fs.existsSync(`/proc/${pid}`) ? pid : null;
  } catch {
    return null;
  }
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(`live-room-bench: ${(error as Error).stack ?? error}`);
} finally {
  await cleanUp();
}
process.exit(ok ? 0 : 1);

import { percentile, rssMb } from "../../scripts/measure.js";
import { cookieFrom, freshClientAddress, startAppProcess } from "./app-processes";

/**
 * Issue #15's soak (`npm run soak -- --minutes 30`, and a short one in `npm test`): the
 * production server with the seeded content under a steady mix of what people do — visitors
 * reading pages and the API, signed-in users practising (marks, bookmarks, saved code, their
 * progress), quiz players, and writers posting to Dev Insights and the contact form. Every
 * answer is timed and sorted into its minute; the server's resident memory is read each minute.
 */

export interface SoakOptions {
  durationMs: number;
  /** People using the site at once (default 16); each waits 0–`thinkMs` between requests. */
  users?: number;
  thinkMs?: number;
  /** Called with each minute's figures as it closes. */
  onMinute?: (minute: MinuteFigures) => void;
  /** The length of a reporting period (default one minute; tests use less). */
  periodMs?: number;
}

export interface MinuteFigures {
  minute: number;
  requests: number;
  /** 5xx answers and connections that failed. */
  errors: number;
  /** 4xx answers the client did not ask for (a sign of a broken flow, not of a broken server). */
  unexpected: number;
  p50: number;
  p99: number;
  rssMb: number;
}

export interface SoakReport {
  minutes: MinuteFigures[];
  requests: number;
  errors: number;
  unexpected: number;
  /** A few of the failures, for the reader. */
  samples: string[];
  /** Resident memory at the end of warm-up (the first fifth of the run, at least one period) and at the end. */
  rssAfterWarmUp: number;
  rssAtEnd: number;
  growthPercent: number;
}

const PASSWORD = "soak-test-password-2026";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

export async function soak({
  durationMs,
  users = 16,
  thinkMs = 100,
  onMinute = () => {},
  periodMs = 60_000,
}: SoakOptions): Promise<SoakReport> {
  const server = await startAppProcess({ TRUST_PROXY: "true", AUTH_SECRET: "soak-test-secret-not-used-anywhere-else" });
  const base = server.base;
  let period = { latencies: [] as number[], errors: 0, unexpected: 0 };
  const minutes: MinuteFigures[] = [];
  const samples: string[] = [];

  /** One request, timed and counted; `expected` lists the non-2xx statuses this flow may meet. */
  async function call(
    method: string,
    pathname: string,
    { body, cookie, expected = [] }: { body?: unknown; cookie?: string; expected?: number[] } = {},
  ) {
    const started = performance.now();
    try {
      const response = await fetch(base + pathname, {
        method,
        headers: {
          Origin: base,
          "Accept-Encoding": "br, gzip",
          "X-Forwarded-For": freshClientAddress(),
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      period.latencies.push(performance.now() - started);
      if (response.status >= 500) {
        period.errors++;
        if (samples.length < 20) samples.push(`${method} ${pathname}: ${response.status} ${text.slice(0, 200)}`);
      } else if (!response.ok && !expected.includes(response.status)) {
        period.unexpected++;
        if (samples.length < 20) samples.push(`${method} ${pathname}: ${response.status} ${text.slice(0, 200)}`);
      }
      return { status: response.status, json: () => JSON.parse(text) as unknown, headers: response.headers };
    } catch (error) {
      period.latencies.push(performance.now() - started);
      period.errors++;
      if (samples.length < 20) samples.push(`${method} ${pathname}: ${(error as Error).message}`);
      return { status: 0, json: () => null, headers: new Headers() };
    }
  }

  // What there is to read, from the API as a client would find it.
  const ids = async (query: string) =>
    ((await call("GET", `/api/questions?${query}&limit=50`)).json() as { questions: { id: string }[] }).questions.map((q) => q.id);
  const theory = await ids("technology=javascript&kind=theory");
  const programs = await ids("technology=javascript&kind=program");
  const react = await ids("technology=react");
  const posts = ((await call("GET", "/api/blog/posts?limit=20")).json() as { posts: { id: string }[] }).posts.map((p) => p.id);
  if (!theory.length || !programs.length || !posts.length) throw new Error("The soak needs the seeded content (questions and blog posts).");
  const searches = ["closure", "promise", "hooks", "event loop", "index", "flexbox", "generics", "useEffect"];

  // Each signed-in user signs up once (a password hash costs a few hundred milliseconds), one after the other.
  const cookies: string[] = [];
  for (let i = 0; i < Math.ceil(users / 2); i++) {
    const signUp = await call("POST", "/api/auth/sign-up/email", {
      body: { name: `Soak User ${i}`, email: `soak-${process.pid}-${i}@example.com`, password: PASSWORD },
    });
    cookies.push(cookieFrom(signUp));
  }
  period = { latencies: [], errors: 0, unexpected: 0 };

  const reading = [
    () => call("GET", "/"),
    () => call("GET", "/javascript-questions"),
    () => call("GET", `/javascript-questions/${pick(theory)}`),
    () => call("GET", `/react-questions/${pick(react)}`),
    () => call("GET", "/devinsights"),
    () => call("GET", `/blog/${pick(posts)}`),
    () => call("GET", `/api/questions?technology=javascript&limit=20`),
    () => call("GET", `/api/questions/search?q=${encodeURIComponent(pick(searches))}`),
    () => call("GET", `/api/blog/posts?limit=10`),
  ];
  const practising = (cookie: string) => [
    () =>
      call("PUT", `/api/progress/questions/${pick(theory)}`, {
        cookie,
        body: { done: Math.random() < 0.7, bookmarked: Math.random() < 0.3 },
      }),
    () => call("GET", "/api/progress", { cookie }),
    () => call("GET", `/javascript-questions/${pick(theory)}`, { cookie }),
    () =>
      call("PUT", `/api/progress/questions/${pick(programs)}/code`, {
        cookie,
        body: { code: `function solve() {\n  return ${Math.random()};\n}\n` },
      }),
    () => call("GET", "/api/progress/bookmarks", { cookie }),
  ];
  async function quiz(cookie: string | undefined) {
    const settings = { technology: "javascript", level: "all", questionCount: 10, secondsPerQuestion: null };
    const started = await call("POST", "/api/quizzes", { cookie, body: settings });
    if (started.status !== 201) return;
    const { attempt } = started.json() as { attempt: { id: string; questionCount: number } };
    for (let position = 0; position < attempt.questionCount && running; position++) {
      await call("POST", `/api/quizzes/${attempt.id}/current`, { cookie });
      await call("POST", `/api/quizzes/${attempt.id}/answers`, { cookie, body: { position, option: Math.floor(Math.random() * 4) } });
      await sleep(Math.random() * thinkMs);
    }
    await call("GET", `/api/quizzes/${attempt.id}`, { cookie });
  }
  const writing = (cookie: string) => [
    () =>
      call("POST", "/api/blog/posts", {
        cookie,
        body: { title: `Soak notes ${Date.now()}`, markdown: "What I learnt today about **closures** and the event loop.\n\n- one\n- two" },
        // A steady writer reaches the daily quota of posts (issue #31).
        expected: [429],
      }),
    () => call("GET", "/api/blog/my-posts", { cookie }),
    () =>
      call("POST", "/api/contact", {
        body: { name: "Soak Reader", email: "reader@example.com", message: "A question about the soak test's pages." },
      }),
  ];

  let running = true;
  async function person(index: number) {
    const cookie = index % 2 === 0 ? cookies[index / 2] : undefined;
    while (running) {
      const roll = Math.random();
      if (roll < 0.5 || !cookie) await (roll < 0.1 ? quiz(undefined) : pick(reading)());
      else if (roll < 0.8) await pick(practising(cookie))();
      else if (roll < 0.9) await quiz(cookie);
      else await pick(writing(cookie))();
      await sleep(Math.random() * thinkMs);
    }
  }

  const people = Promise.all(Array.from({ length: users }, (_, i) => person(i)));
  const started = Date.now();
  try {
    for (let minute = 1; Date.now() - started < durationMs; minute++) {
      await sleep(Math.min(periodMs, durationMs - (Date.now() - started)));
      const closed = period;
      period = { latencies: [], errors: 0, unexpected: 0 };
      const sorted = closed.latencies.sort((a, b) => a - b);
      const figures = {
        minute,
        requests: sorted.length,
        errors: closed.errors,
        unexpected: closed.unexpected,
        p50: Math.round((percentile(sorted, 50) ?? 0) * 10) / 10,
        p99: Math.round((percentile(sorted, 99) ?? 0) * 10) / 10,
        rssMb: Math.round(rssMb(server.pid)),
      };
      minutes.push(figures);
      onMinute(figures);
    }
  } finally {
    running = false;
    await people;
    await server.stop();
  }
  const warmUp = minutes[Math.max(0, Math.ceil(minutes.length / 5) - 1)]!;
  const end = minutes.at(-1)!;
  return {
    minutes,
    requests: minutes.reduce((n, m) => n + m.requests, 0),
    errors: minutes.reduce((n, m) => n + m.errors, 0),
    unexpected: minutes.reduce((n, m) => n + m.unexpected, 0),
    samples,
    rssAfterWarmUp: warmUp.rssMb,
    rssAtEnd: end.rssMb,
    growthPercent: Math.round(((end.rssMb - warmUp.rssMb) / warmUp.rssMb) * 1000) / 10,
  };
}

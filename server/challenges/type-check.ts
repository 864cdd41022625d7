import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import workerSource from "./type-check-worker.cjs?raw";

/**
 * Type-checks TypeScript challenges (docs/content-format.md, "program"): the candidate's
 * code and the challenge's tests are compiled together with `tsc --strict`, and every
 * error is attributed to the test it falls in, to the candidate's code, or to neither.
 * Type-level challenges (a `DeepReadonly<T>` to write) are judged this way; at run time
 * their tests are empty functions.
 *
 * The checker runs in one child process per server, one check at a time, each with a
 * time limit: a type that sends the checker into seconds of work is stopped, and the
 * process replaced, without holding up anything else. One client cannot take the checker
 * from the others (issue #31, docs/decisions/006):
 * - each client (`check`'s key) has its own queue of at most `perClient` checks, running
 *   one included, and the queues are served in turn: the client whose last check started
 *   longest ago (or never) goes next, so a newcomer waits for the check running now and
 *   not for anyone's backlog. All queues together hold at most `queue` checks; beyond
 *   either limit a check is refused as "busy" at once.
 * - a second process is kept warm beside the one running checks, and takes over the
 *   moment a check is stopped: starting one takes ~1.3 s, and 6-10 s on a loaded
 *   machine, which would otherwise come on top of the time limit for whoever waits.
 *   Both processes stop after `idleMs` without a check.
 * - the process's heap is capped (`memoryMb`): a check that exhausts it ends that process
 *   only, answers "failed", and the process is replaced. The cap is a process flag
 *   rather than a worker thread's `resourceLimits`, which one large allocation
 *   overruns by aborting the whole server (nodejs/node#47224).
 */

/** What the tests may use besides the runtime harness (app/lib/test-harness.ts): type assertions. */
export const TYPE_TEST_HELPERS = `
declare function test(name: string, fn: () => unknown): void;
declare const assert: {
  equal(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  ok(value: unknown, message?: string): void;
  throws(fn: () => unknown, message?: string): void;
  rejects(promiseOrFn: Promise<unknown> | (() => unknown), message?: string): Promise<void>;
};
declare function sleep(ms: number): Promise<void>;
/** true when X and Y are the same type (not merely assignable to each other). */
type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
/** Compiles only when T is true: \`type check = Expect<Equal<A, B>>\`. */
type Expect<T extends true> = T;
`;

export interface TypeError {
  line: number;
  column: number;
  message: string;
}

export interface TypeCheckResult {
  /** Errors in the candidate's code. */
  codeErrors: TypeError[];
  /** Errors inside a test (a failed type assertion, or a call the types do not allow). */
  testErrors: (TypeError & { test: string })[];
  /** Anything else: errors in the tests outside any test() call. */
  otherErrors: Partial<TypeError>[];
}

export class TypeCheckUnavailable extends Error {
  constructor(readonly reason: "timeout" | "busy" | "failed") {
    super(`type check ${reason}`);
    this.name = "TypeCheckUnavailable";
  }
}

export interface TypeChecker {
  /** `client` says who asks (the requester's rate-limit key): checks are shared out fairly between clients. */
  check(code: string, tests: string, client: string): Promise<TypeCheckResult>;
  /** A program on its own (the live compiler): no tests and no test helpers; its errors are `codeErrors`. */
  checkProgram(code: string, client: string): Promise<TypeCheckResult>;
  close(): Promise<void>;
}

export interface TypeCheckLimits {
  /** How long one check may run before its process is stopped. */
  timeoutMs: number;
  /** Checks one client may have waiting or running. */
  perClient: number;
  /** Checks waiting, all clients together. */
  queue: number;
  /** The checker process's heap, in MB. */
  memoryMb: number;
  /** How long the checker's processes stay after the last check. */
  idleMs: number;
}

export const TYPE_CHECK_LIMITS: Readonly<TypeCheckLimits> = {
  // 16 times the slowest reference solution's check (250 ms), and short enough that a client
  // queued behind a check that is stopped still has its answer within 10 s.
  timeoutMs: 4_000,
  perClient: 3,
  queue: 16,
  // A check takes ~70 MB with the lib files (the process ~150 MB RSS); at the cap its RSS peaked at 340-400 MB.
  memoryMb: 256,
  idleMs: 10 * 60_000,
};

interface Pending {
  id: number;
  client: string;
  files: Record<string, string>;
  resolve(result: TypeCheckResult): void;
  reject(error: Error): void;
}

interface CheckerProcess {
  child: ChildProcess;
  ready: boolean;
  exited: Promise<void>;
}

type WorkerMessage = { ready?: true; id?: number; result?: TypeCheckResult; error?: string };

export function createTypeChecker(limits: Partial<TypeCheckLimits> = {}): TypeChecker {
  const { timeoutMs, perClient, queue: maxWaiting, memoryMb, idleMs } = { ...TYPE_CHECK_LIMITS, ...limits };
  const typescriptPath = createRequire(import.meta.url).resolve("typescript");
  // While the checker is in use: the process running checks, and one warmed up beside it.
  let active: CheckerProcess | null = null;
  let standby: CheckerProcess | null = null;
  let current: Pending | null = null;
  let timer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const waiting = new Map<string, Pending[]>();
  let waitingCount = 0;
  // The turn at which each client's latest check started, kept while it has checks waiting or running.
  const lastTurn = new Map<string, number>();
  let turn = 0;
  let nextId = 0;

  function start(): CheckerProcess {
    // No environment: the checker needs none, and the server's secrets stay in the server.
    const child = spawn(process.execPath, [`--max-old-space-size=${memoryMb}`, "--max-semi-space-size=8", "-", typescriptPath], {
      stdio: ["pipe", "ignore", "ignore", "ipc"],
      env: {},
    });
    const started: CheckerProcess = {
      child,
      ready: false,
      exited: new Promise((resolve) => {
        child.once("exit", () => resolve());
        // Could not be started, killed or written to: in each case it is of no more use.
        child.on("error", () => resolve());
      }),
    };
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(workerSource);
    child.on("message", (message: WorkerMessage) => onMessage(started, message));
    void started.exited.then(() => onExit(started));
    child.unref();
    child.channel?.unref();
    return started;
  }

  function stop(stopped: CheckerProcess | null) {
    stopped?.child.kill("SIGKILL");
    return stopped?.exited;
  }

  function onMessage(from: CheckerProcess, message: WorkerMessage) {
    if (message.ready) {
      from.ready = true;
      warmStandby();
      dispatch();
      return;
    }
    if (from !== active || !current || message.id !== current.id) return;
    const done = finish();
    if (message.result) done.resolve(message.result);
    else done.reject(new TypeCheckUnavailable("failed"));
    dispatch();
  }

  // A process that dies (out of memory, a crash) takes only the check it was running with it.
  function onExit(gone: CheckerProcess) {
    if (gone === standby) standby = null;
    if (gone !== active) return;
    active = null;
    if (current) {
      finish().reject(new TypeCheckUnavailable("failed"));
      replaceActive();
    } else if (!gone.ready) {
      // One that cannot even start would only be started again and again: answer everyone.
      rejectWaiting();
      void stop(standby);
      standby = null;
    } else replaceActive();
  }

  function timeOut() {
    const stopped = active;
    active = null;
    void stop(stopped);
    finish().reject(new TypeCheckUnavailable("timeout"));
    replaceActive();
  }

  /** The standby takes over at once (it is warm unless stopped checks come faster than it starts), and a new one warms up. */
  function replaceActive() {
    active = standby ?? start();
    standby = null;
    warmStandby();
    dispatch();
  }

  // Only once the active process is ready, so that the two do not share the CPU while starting.
  function warmStandby() {
    if (active?.ready && !standby) standby = start();
  }

  function finish(): Pending {
    const done = current!;
    clearTimeout(timer);
    current = null;
    if (!waiting.has(done.client)) lastTurn.delete(done.client);
    return done;
  }

  /** The first check of the client served least recently (never served: first). */
  function takeNext(): Pending | undefined {
    let chosen: string | undefined;
    for (const client of waiting.keys()) {
      if (chosen === undefined || (lastTurn.get(client) ?? -1) < (lastTurn.get(chosen) ?? -1)) chosen = client;
    }
    if (chosen === undefined) return undefined;
    const queue = waiting.get(chosen)!;
    const next = queue.shift()!;
    if (!queue.length) waiting.delete(chosen);
    waitingCount--;
    lastTurn.set(chosen, ++turn);
    return next;
  }

  function dispatch() {
    if (current || !active?.ready) return;
    const next = takeNext();
    if (!next) return;
    current = next;
    timer = setTimeout(timeOut, timeoutMs);
    active.child.send({ id: next.id, files: next.files });
  }

  function rejectWaiting() {
    for (const [client, queue] of waiting) {
      waiting.delete(client);
      lastTurn.delete(client);
      for (const pending of queue) pending.reject(new TypeCheckUnavailable("failed"));
    }
    waitingCount = 0;
  }

  /** Both processes go once nobody has asked for a while: their memory is only spent while the checker is used. */
  function stopWhenIdle() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current || waitingCount) return stopWhenIdle();
      void stop(active);
      void stop(standby);
      active = standby = null;
    }, idleMs);
    idleTimer.unref();
  }

  /** Queues a check of these files, under the same per-client and overall limits whoever asks. */
  function enqueue(files: Record<string, string>, client: string): Promise<TypeCheckResult> {
    const mine = (waiting.get(client)?.length ?? 0) + (current?.client === client ? 1 : 0);
    if (mine >= perClient || waitingCount >= maxWaiting) return Promise.reject(new TypeCheckUnavailable("busy"));
    return new Promise<TypeCheckResult>((resolve, reject) => {
      const queue = waiting.get(client) ?? [];
      queue.push({ id: ++nextId, client, files, resolve, reject });
      waiting.set(client, queue);
      waitingCount++;
      active ??= start();
      warmStandby();
      stopWhenIdle();
      dispatch();
    });
  }

  return {
    check: (code, tests, client) => enqueue({ "/harness.d.ts": TYPE_TEST_HELPERS, "/solution.ts": code, "/tests.ts": tests }, client),
    checkProgram: (code, client) => enqueue({ "/solution.ts": code }, client),
    async close() {
      clearTimeout(idleTimer);
      rejectWaiting();
      const stopping = [active, standby];
      active = standby = null;
      if (current) finish().reject(new TypeCheckUnavailable("failed"));
      await Promise.all(stopping.map(stop));
    },
  };
}

/** True when the result has no errors at all. */
export function typeCheckPassed(result: TypeCheckResult): boolean {
  return result.codeErrors.length + result.testErrors.length + result.otherErrors.length === 0;
}

import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import workerSource from "./type-check-worker.cjs?raw";

/**
 * Type-checks TypeScript challenges (docs/content-format.md, "program"): the candidate's
 * code and the challenge's tests are compiled together with `tsc --strict`, and every
 * error is attributed to the test it falls in, to the candidate's code, or to neither.
 * Type-level challenges (a `DeepReadonly<T>` to write) are judged this way; at run time
 * their tests are empty functions.
 *
 * The checker runs in one worker thread per process, one check at a time, each with a
 * time limit: a type that sends the checker into seconds of work is stopped, and the
 * worker replaced, without holding up anything else.
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
  check(code: string, tests: string): Promise<TypeCheckResult>;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  files: Record<string, string>;
  resolve(result: TypeCheckResult): void;
  reject(error: Error): void;
}

export const TYPE_CHECK_LIMITS = { timeoutMs: 8_000, queue: 16, memoryMb: 512 } as const;

export function createTypeChecker(limits: { timeoutMs?: number; queue?: number } = {}): TypeChecker {
  const timeoutMs = limits.timeoutMs ?? TYPE_CHECK_LIMITS.timeoutMs;
  const maxQueue = limits.queue ?? TYPE_CHECK_LIMITS.queue;
  const typescriptPath = createRequire(import.meta.url).resolve("typescript");
  let worker: Worker | null = null;
  let ready = false;
  let current: Pending | null = null;
  let timer: NodeJS.Timeout | undefined;
  const queue: Pending[] = [];
  let nextId = 0;

  function fail(pending: Pending | null, error: Error) {
    clearTimeout(timer);
    current = null;
    pending?.reject(error);
  }

  function spawn() {
    ready = false;
    const started = new Worker(workerSource, {
      eval: true,
      workerData: { typescriptPath },
      resourceLimits: { maxOldGenerationSizeMb: TYPE_CHECK_LIMITS.memoryMb },
    });
    started.unref();
    started.on("message", (message: { ready?: true; id?: number; result?: TypeCheckResult; error?: string }) => {
      if (message.ready) {
        ready = true;
        dispatch();
        return;
      }
      if (!current || message.id !== current.id) return;
      const done = current;
      clearTimeout(timer);
      current = null;
      if (message.result) done.resolve(message.result);
      else done.reject(new TypeCheckUnavailable("failed"));
      dispatch();
    });
    // A worker that dies (out of memory, a crash) takes only the check it was running with it.
    started.on("error", () => undefined);
    started.on("exit", () => {
      if (worker !== started) return;
      worker = null;
      fail(current, new TypeCheckUnavailable("failed"));
      if (queue.length) spawn();
    });
    worker = started;
  }

  function dispatch() {
    if (current || !ready || !worker) return;
    const next = queue.shift();
    if (!next) return;
    current = next;
    const running = worker;
    timer = setTimeout(() => {
      worker = null;
      fail(current, new TypeCheckUnavailable("timeout"));
      void running.terminate();
      if (queue.length) spawn();
    }, timeoutMs);
    running.postMessage({ id: next.id, files: next.files });
  }

  return {
    check(code, tests) {
      if (queue.length >= maxQueue) return Promise.reject(new TypeCheckUnavailable("busy"));
      return new Promise<TypeCheckResult>((resolve, reject) => {
        queue.push({
          id: ++nextId,
          files: { "/harness.d.ts": TYPE_TEST_HELPERS, "/solution.ts": code, "/tests.ts": tests },
          resolve,
          reject,
        });
        if (!worker) spawn();
        else dispatch();
      });
    },
    async close() {
      for (const pending of queue.splice(0)) pending.reject(new TypeCheckUnavailable("failed"));
      const stopping = worker;
      worker = null;
      fail(current, new TypeCheckUnavailable("failed"));
      await stopping?.terminate();
    },
  };
}

/** True when the result has no errors at all. */
export function typeCheckPassed(result: TypeCheckResult): boolean {
  return result.codeErrors.length + result.testErrors.length + result.otherErrors.length === 0;
}

/**
 * The page's side of the sandbox (issue #7): one <iframe sandbox="allow-scripts"> loading
 * /sandbox/runner, talked to only with postMessage. Messages from the frame are accepted
 * only from that frame's window and only in the shapes below; anything else is ignored.
 */

export type ConsoleLevel = "log" | "info" | "warn" | "error" | "debug";

export type RunEvent =
  | { type: "console"; level: ConsoleLevel; text: string }
  | { type: "table"; header: string[]; rows: string[][] }
  | { type: "error"; message: string; line: number | null }
  /** The run printed more than the sandbox shows (server/sandbox/output-limit.js); nothing follows. */
  | { type: "truncated" };

export interface RunOutcome {
  status: "ok" | "error" | "timeout" | "stopped";
  results?: { name: string; passed: boolean; message?: string; expected?: string; actual?: string }[];
  durationMs: number;
}

export interface RunRequest {
  language: "js" | "html" | "python" | "sql";
  code: string;
  /** Lines placed before the user's code, subtracted from error line numbers. */
  offset?: number;
  /** The program ends by calling __report(results) (challenges). */
  expectsReport?: boolean;
  timeoutMs?: number;
  /** A library the worker loads before the program (React challenges; sql.js for SQL challenges). */
  runtime?: "react" | "sql";
  /** What Python's input() reads, line by line. */
  stdin?: string;
}

export const DEFAULT_TIMEOUT_MS = 5_000;
/** Python, SQL and React challenges first load their runtime (not counted against the program's time). */
const RUNTIME_LANGUAGES = new Set(["python", "sql"]);
const RUNTIME_LOAD_MS = 62_000;

const LEVELS = new Set(["log", "info", "warn", "error", "debug"]);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");

/** Checks a message from the frame; null when it is not one of ours. */
function parse(
  data: unknown,
):
  | ({ id?: string } & (
      | RunEvent
      | { type: "done"; status: RunOutcome["status"]; results?: RunOutcome["results"] }
      | { type: "ready" }
      | { type: "phase"; phase: "loading" | "running" }
    ))
  | null {
  if (!data || typeof data !== "object") return null;
  const m = data as Record<string, unknown>;
  const id = typeof m.id === "string" ? m.id : undefined;
  switch (m.type) {
    case "ready":
      return { type: "ready" };
    case "phase":
      return m.phase === "loading" || m.phase === "running" ? { id, type: "phase", phase: m.phase } : null;
    case "console":
      if (m.level === "table") {
        const table = m.table as { header?: unknown; rows?: unknown } | undefined;
        if (!table || !isStrings(table.header) || !Array.isArray(table.rows) || !table.rows.every(isStrings)) return null;
        return { id, type: "table", header: table.header, rows: table.rows as string[][] };
      }
      if (typeof m.level !== "string" || !LEVELS.has(m.level) || typeof m.text !== "string") return null;
      return { id, type: "console", level: m.level as ConsoleLevel, text: m.text.slice(0, 100_000) };
    case "truncated":
      return { id, type: "truncated" };
    case "error":
      if (typeof m.message !== "string") return null;
      return { id, type: "error", message: m.message.slice(0, 10_000), line: typeof m.line === "number" ? m.line : null };
    case "done": {
      if (!["ok", "error", "timeout", "stopped"].includes(String(m.status))) return null;
      const results = Array.isArray(m.results)
        ? (m.results as unknown[])
            .filter(
              (r): r is Record<string, unknown> =>
                Boolean(r) && typeof r === "object" && typeof (r as { name?: unknown }).name === "string",
            )
            .map((r) => ({
              name: String(r.name),
              passed: r.passed === true,
              message: typeof r.message === "string" ? r.message : undefined,
              expected: typeof r.expected === "string" ? r.expected : undefined,
              actual: typeof r.actual === "string" ? r.actual : undefined,
            }))
        : undefined;
      return { id, type: "done", status: m.status as RunOutcome["status"], results };
    }
    default:
      return null;
  }
}

export class Sandbox {
  private frame: HTMLIFrameElement | null = null;
  private ready: Promise<void> = Promise.resolve();
  private active: {
    id: string;
    onEvent: (event: RunEvent) => void;
    onPhase?: (phase: "loading" | "running") => void;
    finish: (outcome: Omit<RunOutcome, "durationMs">) => void;
  } | null = null;
  /** An HTML preview keeps talking after it has loaded (clicks, timers): its console still counts. */
  private lingering: { id: string; onEvent: (event: RunEvent) => void } | null = null;
  private readonly listener = (event: MessageEvent) => this.receive(event);
  private markReady: () => void = () => {};

  constructor(
    private readonly container: HTMLElement,
    private readonly title: string,
  ) {
    window.addEventListener("message", this.listener);
    this.mount();
  }

  private mount() {
    this.frame?.remove();
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts allow-modals");
    frame.title = this.title;
    frame.className = "sandbox-frame";
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    frame.src = "/sandbox/runner";
    this.container.appendChild(frame);
    this.frame = frame;
  }

  private receive(event: MessageEvent) {
    if (!this.frame || event.source !== this.frame.contentWindow) return;
    const message = parse(event.data);
    if (!message) return;
    if (message.type === "ready") {
      this.markReady();
      return;
    }
    const active = this.active;
    if (active && message.id === active.id) {
      if (message.type === "done") active.finish({ status: message.status, results: message.results });
      else if (message.type === "phase") active.onPhase?.(message.phase);
      else active.onEvent(message);
    } else if (this.lingering && message.id === this.lingering.id && message.type !== "done" && message.type !== "phase") {
      this.lingering.onEvent(message);
    }
  }

  /** Runs a program; events arrive while it runs; resolves when it ends, fails, or times out. */
  async run(
    request: RunRequest,
    onEvent: (event: RunEvent) => void,
    onPhase?: (phase: "loading" | "running") => void,
  ): Promise<RunOutcome> {
    this.stop();
    this.lingering = null;
    await this.ready;
    const id = crypto.randomUUID();
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const started = performance.now();
    return new Promise<RunOutcome>((resolve) => {
      // If the frame itself stops answering (an endless loop in an HTML preview), the page
      // replaces it: the page never waits on user code.
      const guard = window.setTimeout(
        () => {
          if (this.active?.id !== id) return;
          this.active = null;
          this.mount();
          resolve({ status: "timeout", durationMs: performance.now() - started });
        },
        timeoutMs + (RUNTIME_LANGUAGES.has(request.language) || request.runtime ? RUNTIME_LOAD_MS : 1_500),
      );
      this.active = {
        id,
        onEvent,
        onPhase,
        finish: (outcome) => {
          window.clearTimeout(guard);
          this.active = null;
          if (request.language === "html" && outcome.status === "ok") this.lingering = { id, onEvent };
          resolve({ ...outcome, durationMs: performance.now() - started });
        },
      };
      this.frame?.contentWindow?.postMessage(
        {
          type: "run",
          id,
          language: request.language,
          code: request.code,
          offset: request.offset ?? 0,
          expectsReport: Boolean(request.expectsReport),
          runtime: request.runtime,
          stdin: request.stdin ?? "",
          timeoutMs,
          // Where the sandbox loads Pyodide, sql.js and React from: our origin, not a CDN.
          vendor: `${window.location.origin}/vendor/`,
        },
        "*",
      );
    });
  }

  stop() {
    if (!this.active) return;
    this.frame?.contentWindow?.postMessage({ type: "stop" }, "*");
    this.active.finish({ status: "stopped" });
  }

  /** The frame, for an HTML preview to be shown in place. */
  get element(): HTMLIFrameElement | null {
    return this.frame;
  }

  dispose() {
    this.stop();
    window.removeEventListener("message", this.listener);
    this.frame?.remove();
    this.frame = null;
  }
}

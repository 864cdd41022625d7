import { useCallback, useEffect, useRef, useState } from "react";
import { runnerTexts as t } from "~/lib/texts/runner";
import { type ChallengeLanguage, type Language, locateSyntaxError } from "./prepare";
import { type RunEvent, type RunOutcome, type RunRequest, Sandbox } from "./sandbox";

/**
 * A sandbox frame mounted in `container` for as long as the component lives, with the
 * state of the last run: its console lines, its outcome, and whether it is running.
 */
export function useSandbox() {
  const container = useRef<HTMLDivElement>(null);
  const sandbox = useRef<Sandbox | null>(null);
  const [lines, setLines] = useState<RunEvent[]>([]);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const [loadingRuntime, setLoadingRuntime] = useState(false);
  // Which run is the latest: what arrives late for an earlier one is dropped.
  const latest = useRef(0);

  useEffect(() => {
    if (!container.current) return;
    const instance = new Sandbox(container.current, t.sandboxTitle);
    sandbox.current = instance;
    return () => instance.dispose();
  }, []);

  /**
   * Runs a program. `notes` (the compiler's type errors) come before the program's output,
   * whenever they arrive; the run is finished only once they are in.
   */
  const run = useCallback(
    async (
      request: RunRequest | (() => Promise<RunRequest>),
      source?: { code: string; language: Language | ChallengeLanguage },
      notes?: Promise<RunEvent[]>,
    ) => {
      const instance = sandbox.current;
      if (!instance) return null;
      const id = ++latest.current;
      // Shown once the program has started (not after a transpile error, which says the same), and only for this run.
      let started = false;
      let early: RunEvent[] = [];
      const show = (events: RunEvent[]) => {
        if (latest.current === id && events.length) setLines((current) => [...events, ...current]);
      };
      const noted = notes?.then(
        (events) => (started ? show(events) : (early = events)),
        () => undefined,
      );
      setLines([]);
      setOutcome(null);
      setRunning(true);
      try {
        const ready = typeof request === "function" ? await request() : request;
        started = true;
        show(early);
        const result = await instance.run(
          ready,
          (event) => {
            setLines((current) => [...current, event]);
            // A syntax error arrives without its line: find it in the source.
            if (source && event.type === "error" && event.line === null && event.message.startsWith("SyntaxError")) {
              void locateSyntaxError(source.code, source.language).then((found) => {
                if (found) setLines((current) => current.map((line) => (line === event ? { type: "error", ...found } : line)));
              });
            }
          },
          (phase) => setLoadingRuntime(phase === "loading"),
        );
        await noted;
        setOutcome(result);
        return result;
      } catch (error) {
        // A transpile error: shown like a runtime error, with its line.
        const line = (error as { line?: number | null }).line ?? null;
        setLines([{ type: "error", message: error instanceof Error ? error.message : String(error), line }]);
        const failed: RunOutcome = { status: "error", durationMs: 0 };
        setOutcome(failed);
        return failed;
      } finally {
        setRunning(false);
        setLoadingRuntime(false);
      }
    },
    [],
  );

  const stop = useCallback(() => sandbox.current?.stop(), []);
  const clear = useCallback(() => {
    setLines([]);
    setOutcome(null);
  }, []);

  return { container, lines, outcome, running, loadingRuntime, run, stop, clear };
}

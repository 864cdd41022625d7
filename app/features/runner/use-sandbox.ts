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

  useEffect(() => {
    if (!container.current) return;
    const instance = new Sandbox(container.current, t.sandboxTitle);
    sandbox.current = instance;
    return () => instance.dispose();
  }, []);

  const run = useCallback(
    async (request: RunRequest | (() => Promise<RunRequest>), source?: { code: string; language: Language | ChallengeLanguage }) => {
      const instance = sandbox.current;
      if (!instance) return null;
      setLines([]);
      setOutcome(null);
      setRunning(true);
      try {
        const ready = typeof request === "function" ? await request() : request;
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

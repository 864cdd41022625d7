import { CircleCheck, CircleX, Play, RotateCcw, Send } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "~/components/toaster";
import { formatLongDate } from "~/lib/dates";
import { storageKeys } from "~/lib/site";
import { messageAddsToValues } from "~/lib/test-harness";
import { readStored, writeStored } from "~/lib/storage";
import { challengeTexts as t, fill } from "~/lib/texts";
import { LazyEditor } from "../runner/lazy-editor";
import { OutputPanel } from "../runner/output-panel";
import { type ChallengeLanguage, testRequest } from "../runner/prepare";
import type { RunOutcome } from "../runner/sandbox";
import { useSandbox } from "../runner/use-sandbox";
import { type TypeCheckOutcome, generalTypeErrors, requestTypeCheck, withTypeErrors } from "./type-check";

/** "Run" tries the first few tests, the visible examples; "Submit" runs them all. */
export const EXAMPLE_TESTS = 3;

interface Props {
  questionId: string;
  technology: string;
  language: ChallengeLanguage;
  starter: string;
  tests: string;
  /** The signed-in user's saved code and first solve; undefined for visitors. */
  account?: { code: string | null; solvedAt: string | null };
  /**
   * A mock interview's coding task: its own draft key and type check (the interview does not
   * reveal which bank question it is), and told of every full test run instead of saving to the account.
   */
  interview?: {
    draftKey: string;
    checkTypes: (code: string) => Promise<TypeCheckOutcome>;
    onTestsRun: (run: { code: string; passed: number; total: number }) => void;
  };
}

/** Solved: every test ran and passed, and (TypeScript) nothing failed to compile. */
function everyTestPassed(results: NonNullable<RunOutcome["results"]> | null, typeErrors: string[]): boolean {
  return Boolean(results && results.length > 0 && results.every((r) => r.passed) && typeErrors.length === 0);
}

async function saveOnAccount(questionId: string, code: string, solved: boolean) {
  const response = await fetch(`/api/progress/questions/${encodeURIComponent(questionId)}/code`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, solved }),
  }).catch(() => null);
  if (!response?.ok) return null;
  return (await response.json()) as { solvedAt: string | null };
}

export function ChallengeSolver({ questionId, technology, language, starter, tests, account, interview }: Props) {
  const draftKey = interview?.draftKey ?? storageKeys.challengeCode(questionId);
  const [code, setCode] = useState(account?.code ?? starter);
  const [results, setResults] = useState<NonNullable<RunOutcome["results"]> | null>(null);
  const [solvedAt, setSolvedAt] = useState(account?.solvedAt ?? null);
  const [submitted, setSubmitted] = useState(false);
  // TypeScript challenges are also compiled on the server; errors outside any test land here.
  const typed = language === "typescript";
  const [typeErrors, setTypeErrors] = useState<string[]>([]);
  const [checkingTypes, setCheckingTypes] = useState(false);
  const sandbox = useSandbox();

  // Work in this browser wins over the account copy when it is newer (it is saved on every edit).
  useEffect(() => {
    const local = readStored(draftKey);
    if (local !== null) setCode(local);
  }, [draftKey]);

  function edit(next: string) {
    setCode(next);
    writeStored(draftKey, next);
  }

  async function runTests(all: boolean) {
    setSubmitted(all);
    setResults(null);
    setTypeErrors([]);
    setCheckingTypes(typed);
    const [outcome, types] = await Promise.all([
      sandbox.run(() => testRequest(code, tests, language, all ? undefined : EXAMPLE_TESTS)),
      typed ? (interview?.checkTypes(code) ?? requestTypeCheck(technology, questionId, code)) : null,
    ]);
    setCheckingTypes(false);
    let ran = outcome?.results ?? null;
    const general = types ? (types.ok ? generalTypeErrors(types.check) : [types.message]) : [];
    if (ran && types?.ok) ran = withTypeErrors(ran, types.check);
    setResults(ran);
    setTypeErrors(general);
    const passed = all && everyTestPassed(ran, general);
    if (all && interview)
      interview.onTestsRun({ code, passed: general.length ? 0 : (ran?.filter((r) => r.passed).length ?? 0), total: ran?.length ?? 0 });
    if (!account) return;
    const saved = await saveOnAccount(questionId, code, passed);
    if (!saved) toast.error(t.saveFailed);
    else if (passed) {
      setSolvedAt(saved.solvedAt);
      toast.success(t.recorded);
    }
  }

  function reset() {
    if (!window.confirm(t.resetConfirm)) return;
    edit(starter);
    setResults(null);
  }

  const passedCount = results?.filter((r) => r.passed).length ?? 0;
  const allPassed = submitted && everyTestPassed(results, typeErrors);
  const busy = sandbox.running || checkingTypes;
  return (
    <div className="solver">
      <div className="solver__toolbar">
        <button type="button" className="button button--outline" onClick={() => void runTests(false)} disabled={busy}>
          <Play aria-hidden size={16} /> {t.runExamples}
        </button>
        <button type="button" className="button button--primary" onClick={() => void runTests(true)} disabled={busy}>
          <Send aria-hidden size={16} /> {t.submit}
        </button>
        <button type="button" className="button button--outline" onClick={reset}>
          <RotateCcw aria-hidden size={16} /> {t.reset}
        </button>
        {solvedAt && <span className="status-badge status-badge--approved">{fill(t.solvedOn, { date: formatLongDate(solvedAt) })}</span>}
      </div>
      {!account && !interview && <p className="solver__hint">{t.signInToRecord}</p>}
      {typed && <p className="solver__hint">{t.typesChecked}</p>}
      <LazyEditor
        value={code}
        onChange={edit}
        language={language === "react" ? "jsx" : language}
        onRun={() => void runTests(false)}
        label={t.editorLabel}
      />
      <section className="test-results" aria-labelledby="test-results-title" aria-live="polite">
        <h2 id="test-results-title">{t.results}</h2>
        {sandbox.outcome?.status === "timeout" && <p className="test-results__summary test-results__summary--fail">{t.timedOut}</p>}
        {checkingTypes && <p className="test-results__checking">{t.checkingTypes}</p>}
        {typeErrors.length > 0 && (
          <div className="test-results__types" data-allow-copy>
            <h3>{t.typeErrors}</h3>
            <ul>
              {typeErrors.map((error) => (
                <li key={error}>
                  <code>{error}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
        {results && (
          <p className={`test-results__summary ${allPassed ? "test-results__summary--pass" : "test-results__summary--fail"}`}>
            {allPassed ? fill(t.allPassed, { total: results.length }) : fill(t.passedCount, { passed: passedCount, total: results.length })}
          </p>
        )}
        {results && (
          <ol className="test-results__list">
            {results.map((result) => (
              <li key={result.name} className={`test-result test-result--${result.passed ? "pass" : "fail"}`}>
                {result.passed ? <CircleCheck aria-label="passed" size={18} /> : <CircleX aria-label="failed" size={18} />}
                <span className="test-result__name">{result.name}</span>
                {!result.passed && (
                  <div className="test-result__detail" data-allow-copy>
                    {result.expected !== undefined ? (
                      <>
                        {messageAddsToValues(result) && <p>{result.message}</p>}
                        <dl>
                          <dt>{t.expected}</dt>
                          <dd>
                            <code>{result.expected}</code>
                          </dd>
                          <dt>{t.received}</dt>
                          <dd>
                            <code>{result.actual}</code>
                          </dd>
                        </dl>
                      </>
                    ) : (
                      <code>{result.message}</code>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <div ref={sandbox.container} hidden />
      {sandbox.lines.length > 0 && <OutputPanel lines={sandbox.lines} outcome={sandbox.outcome} running={sandbox.running} />}
    </div>
  );
}

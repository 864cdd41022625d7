import { Download, Play, RotateCcw, Share2, Square } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { toast } from "~/components/toaster";
import { SelectField } from "~/components/field";
import { apiErrorMessage } from "~/lib/api-error";
import { storageKeys } from "~/lib/site";
import { readStored, writeStored } from "~/lib/storage";
import { compilerTexts as t, runnerTexts } from "~/lib/texts";
import { LazyEditor } from "../runner/lazy-editor";
import { OutputPanel } from "../runner/output-panel";
import { type Language, programRequest } from "../runner/prepare";
import { useSandbox } from "../runner/use-sandbox";
import { COMPILER_LANGUAGES as LANGUAGES } from "./languages";
import { STARTERS } from "./starters";
import { compilerTypeErrors } from "./type-check";

const EXTENSIONS: Record<Language, string> = { javascript: "js", typescript: "ts", html: "html", python: "py", sql: "sql" };
interface Props {
  /** A shared snippet, opened read-only. */
  shared?: { id: string; language: Language; code: string };
}

/** Issue #7: the live compiler: editor, Run, console and preview, reset, download and share. */
export function LiveCompiler({ shared }: Props) {
  const [params] = useSearchParams();
  const asked = params.get("language") as Language | null;
  const [language, setLanguage] = useState<Language>(shared?.language ?? (asked && LANGUAGES.includes(asked) ? asked : "javascript"));
  const [code, setCode] = useState(shared?.code ?? STARTERS.javascript);
  const [link, setLink] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const [stdin, setStdin] = useState("");
  const stdinId = useId();
  const sandbox = useSandbox();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const readOnly = Boolean(shared);

  // The user's own work comes back after a reload (per language).
  useEffect(() => {
    if (!shared) setCode(readStored(storageKeys.compilerCode(language)) ?? STARTERS[language]);
  }, [language, shared]);

  function edit(next: string) {
    setCode(next);
    if (!readOnly) writeStored(storageKeys.compilerCode(language), next);
  }

  const run = () =>
    void sandbox.run(
      async () => ({ ...(await programRequest(code, language)), stdin: language === "python" ? stdin : undefined }),
      { code, language },
      // Types are checked on the server while the program runs with them stripped.
      language === "typescript" ? compilerTypeErrors(code) : undefined,
    );

  function reset() {
    if (!window.confirm(t.resetConfirm)) return;
    edit(STARTERS[language]);
    sandbox.clear();
  }

  function download() {
    const url = URL.createObjectURL(new Blob([code], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `program.${EXTENSIONS[language]}`;
    a.click();
    URL.revokeObjectURL(url);
  }

  async function share() {
    setSharing(true);
    const response = await fetch("/api/snippets", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ language, code }),
    }).catch(() => null);
    setSharing(false);
    if (!response?.ok) {
      toast.error(await apiErrorMessage(response, t.shareFailed));
      return;
    }
    const { id } = (await response.json()) as { id: string };
    setLink(`${window.location.origin}/compiler/${id}`);
    // "My snippets" below the compiler gains the new one.
    void revalidator.revalidate();
  }

  function fork() {
    writeStored(storageKeys.compilerCode(language), code);
    navigate(`/compiler?language=${language}`);
  }

  return (
    <div className={`compiler compiler--${language}`}>
      <div className="compiler__toolbar">
        <SelectField
          label={t.language}
          value={language}
          disabled={readOnly}
          onChange={(e) => setLanguage(e.target.value as Language)}
          options={LANGUAGES.map((l) => ({ value: l, label: t.languages[l] }))}
        />
        {sandbox.running ? (
          <button type="button" className="button button--outline" onClick={sandbox.stop}>
            <Square aria-hidden size={16} /> {runnerTexts.stop}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={run} title={runnerTexts.runHint}>
            <Play aria-hidden size={16} /> {runnerTexts.run}
          </button>
        )}
        {readOnly ? (
          <button type="button" className="button button--accent" onClick={fork}>
            {t.fork}
          </button>
        ) : (
          <>
            <button type="button" className="button button--outline" onClick={reset}>
              <RotateCcw aria-hidden size={16} /> {t.reset}
            </button>
            <button type="button" className="button button--outline" onClick={() => void share()} disabled={sharing}>
              <Share2 aria-hidden size={16} /> {sharing ? t.sharing : t.share}
            </button>
          </>
        )}
        <button type="button" className="button button--outline" onClick={download}>
          <Download aria-hidden size={16} /> {t.download}
        </button>
      </div>
      {readOnly && <p className="compiler__notice">{t.readOnly}</p>}
      {link && (
        <p className="compiler__share" role="status">
          {t.shared}{" "}
          <a href={link} data-testid="share-link">
            {link}
          </a>
        </p>
      )}
      <p className="compiler__hint">{runnerTexts.runHint}</p>
      <div className="compiler__panes">
        <div className="compiler__editor">
          <LazyEditor value={code} onChange={edit} language={language} readOnly={readOnly} onRun={run} label={t.editorLabel} />
        </div>
        <div className="compiler__results">
          {language === "python" && (
            <div className="field compiler__stdin">
              <label className="field__label" htmlFor={stdinId}>
                {t.stdin}
              </label>
              <textarea
                id={stdinId}
                rows={3}
                value={stdin}
                onChange={(event) => setStdin(event.target.value)}
                aria-describedby={`${stdinId}-hint`}
                spellCheck={false}
                data-allow-copy
              />
              <p id={`${stdinId}-hint`} className="compiler__hint">
                {t.stdinHint}
              </p>
            </div>
          )}
          <div
            className="compiler__preview"
            ref={sandbox.container}
            aria-label={t.preview}
            role={language === "html" ? "region" : undefined}
          />
          <OutputPanel
            lines={sandbox.lines}
            outcome={sandbox.outcome}
            running={sandbox.running}
            loadingRuntime={sandbox.loadingRuntime}
            onClear={sandbox.clear}
          />
        </div>
      </div>
    </div>
  );
}

import { runnerTexts as t } from "~/lib/texts";
import type { RunEvent, RunOutcome } from "./sandbox";

export type OutputLine = RunEvent;

interface Props {
  lines: OutputLine[];
  outcome: RunOutcome | null;
  running: boolean;
  loadingRuntime?: boolean;
  onClear?: () => void;
  label?: string;
}

/** The console of a run: each line with its level, tables as tables, errors with their line. */
export function OutputPanel({ lines, outcome, running, loadingRuntime = false, onClear, label = t.output }: Props) {
  return (
    <section className="output-panel" aria-label={label} data-allow-copy>
      <div className="output-panel__head">
        <h2 className="output-panel__title">{label}</h2>
        <span className="output-panel__status" role="status">
          {loadingRuntime ? t.loadingRuntime : running ? t.running : outcome ? statusText(outcome) : ""}
        </span>
        {onClear && (
          <button type="button" className="button button--outline button--small" onClick={onClear}>
            {t.clear}
          </button>
        )}
      </div>
      <div className="output-panel__body" tabIndex={0}>
        {lines.length === 0 && !running && <p className="output-panel__empty">{t.noOutput}</p>}
        {lines.map((line, i) =>
          line.type === "table" ? (
            <table key={i} className="output-table">
              <thead>
                <tr>
                  {line.header.map((cell) => (
                    <th key={cell} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {line.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td key={c}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          ) : line.type === "truncated" ? (
            <p key={i} className="output-line output-line--truncated" role="note">
              {t.outputTruncated}
            </p>
          ) : line.type === "error" ? (
            <pre key={i} className="output-line output-line--error">
              {line.message}
              {line.line !== null && <span className="output-line__where">{` (${t.line} ${line.line})`}</span>}
            </pre>
          ) : (
            <pre key={i} className={`output-line output-line--${line.level}`}>
              {line.text}
            </pre>
          ),
        )}
      </div>
    </section>
  );
}

function statusText(outcome: RunOutcome): string {
  const seconds = (outcome.durationMs / 1000).toFixed(2);
  switch (outcome.status) {
    case "ok":
      return `${t.finished} (${seconds} s)`;
    case "timeout":
      return t.timedOut;
    case "stopped":
      return t.stopped;
    default:
      return t.failed;
  }
}

import { useId, type ReactNode } from "react";
import { fill, questionTexts as t } from "~/lib/texts";

/** "12 of 36 done" with a bar; a native <progress>, so assistive technology reads it. */
export function ProgressMeter({ label, done, total, children }: { label: string; done: number; total: number; children?: ReactNode }) {
  const id = useId();
  return (
    <div className="progress-meter">
      <label htmlFor={id} className="progress-meter__label">
        {label}
      </label>
      <progress id={id} className="progress-meter__bar" value={done} max={Math.max(total, 1)} />
      <span className="progress-meter__text">
        <span className="progress-meter__count">{fill(t.progress, { done, total })}</span>
        {children && <> · {children}</>}
      </span>
    </div>
  );
}

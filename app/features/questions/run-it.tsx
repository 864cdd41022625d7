import { Play } from "lucide-react";
import { questionTexts as t } from "~/lib/texts";

interface Props {
  source: string;
  lang: "js" | "ts";
  /** The verified output the question states. */
  output: string;
}

/** The button of an island that loads its code on the click ("Run it", "Render it"), with its help. */
export function OnDemandBar({ label, help }: { label: string; help: string }) {
  return (
    <div className="run-it__bar">
      <button type="button" className="button button--outline button--small">
        <Play aria-hidden size={16} /> {label}
      </button>
      <span className="field__help">{help}</span>
    </div>
  );
}

/**
 * "Run it", rendered on the server: a button the run-it island (app/islands/run-it.ts) wakes
 * up. The runner's code (React and the sandbox) is imported on the first click only, so a
 * question page loads nothing to run code until asked; hidden until then, since it needs code.
 */
export function RunIt({ source, lang, output }: Props) {
  return (
    <div className="run-it" data-needs-js data-island="run-it" data-source={source} data-lang={lang} data-output={output}>
      <OnDemandBar label={t.runIt} help={t.runItHelp} />
      <div className="run-it__result" />
    </div>
  );
}

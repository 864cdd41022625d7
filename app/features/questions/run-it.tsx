import { Play } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { questionTexts as t } from "~/lib/texts";

// The runner's code arrives only when someone presses "Run it".
const Runner = lazy(() => import("./run-it-runner"));

interface Props {
  source: string;
  lang: "js" | "ts";
  /** The verified output the question states. */
  output: string;
}

/** The sandbox is created on the first click only: a question page loads nothing to run code until asked. */
export function RunIt(props: Props) {
  const [started, setStarted] = useState(0);
  return (
    <div className="run-it">
      <div className="run-it__bar">
        <button type="button" className="button button--outline button--small" onClick={() => setStarted((n) => n + 1)}>
          <Play aria-hidden size={16} /> {t.runIt}
        </button>
        <span className="field__help">{t.runItHelp}</span>
      </div>
      {started > 0 && (
        <Suspense fallback={null}>
          <Runner {...props} run={started} />
        </Suspense>
      )}
    </div>
  );
}

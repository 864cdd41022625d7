import { Play } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { questionTexts as t } from "~/lib/texts";

// The editor and the sandbox arrive only when someone presses "Render it".
const Playground = lazy(() => import("../learn/playground"));

/** A CSS question's HTML, opened on demand in an editable live preview. */
export function RenderIt({ source }: { source: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="run-it">
      {open ? (
        <Suspense fallback={null}>
          <Playground initial={source} label={t.renderItEditor} />
        </Suspense>
      ) : (
        <div className="run-it__bar">
          <button type="button" className="button button--outline button--small" onClick={() => setOpen(true)}>
            <Play aria-hidden size={16} /> {t.renderIt}
          </button>
          <span className="field__help">{t.renderItHelp}</span>
        </div>
      )}
    </div>
  );
}

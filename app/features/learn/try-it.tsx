import { Play } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { fill, overviewTexts as t } from "~/lib/texts";

const Playground = lazy(() => import("./playground"));

interface Props {
  section: string;
  source: string;
  /** Highlighted on the server. */
  html: string;
}

/** An example shown as code; "Try it" turns it into an editor with a live preview (loaded on demand). */
export function TryIt({ section, source, html }: Props) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={null}>
        <Playground initial={source} label={fill(t.editorLabel, { section })} />
      </Suspense>
    );
  }
  return (
    <div className="try-it">
      <pre className="code-block" tabIndex={0} aria-label={t.example}>
        {/* Sanitised when the overview was read (server/learn/html-overview.ts). */}
        <code className="hljs language-html" dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
      <button type="button" className="button button--primary button--small" onClick={() => setOpen(true)}>
        <Play aria-hidden size={16} /> {t.tryIt}
      </button>
    </div>
  );
}

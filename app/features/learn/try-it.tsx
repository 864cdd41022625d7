import { Play } from "lucide-react";
import { fill, overviewTexts as t } from "~/lib/texts";
import { CodeBlock } from "../questions/code-block";

interface Props {
  section: string;
  /** Highlighted on the server. */
  html: string;
}

/**
 * An example shown as code; "Try it" turns it into an editor with a live preview, loaded on
 * demand by the try-it island (app/islands/try-it.ts). The code is the highlighted source: the
 * playground starts from its text.
 */
export function TryIt({ section, html }: Props) {
  return (
    <div className="try-it" data-island="try-it" data-label={fill(t.editorLabel, { section })}>
      {/* Sanitised when the overview was read (server/learn/html-overview.ts). */}
      <CodeBlock html={html} lang="html" label={t.example} />
      <button type="button" className="button button--primary button--small" data-try-it>
        <Play aria-hidden size={16} /> {t.tryIt}
      </button>
    </div>
  );
}

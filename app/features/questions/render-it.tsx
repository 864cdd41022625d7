import { questionTexts as t } from "~/lib/texts";
import { OnDemandBar } from "./run-it";

/**
 * A CSS question's HTML, opened on demand in an editable live preview: the render-it island
 * (app/islands/render-it.ts) imports the editor and the sandbox on the first click.
 */
export function RenderIt({ source }: { source: string }) {
  return (
    <div className="run-it" data-needs-js data-island="render-it" data-source={source} data-label={t.renderItEditor}>
      <OnDemandBar label={t.renderIt} help={t.renderItHelp} />
    </div>
  );
}

// The heavy parts of the question page, imported by its islands only when the reader asks
// (app/islands/run-it.ts, render-it.ts): React, its DOM renderer and the existing runner
// components, mounted with createRoot. Never imported before a click.
import { createRoot, type Root } from "react-dom/client";
import RunItRunner from "~/features/questions/run-it-runner";
import Playground from "~/features/learn/playground";

/** Mounts the "Run it" runner in `container`; call the result again to run once more. */
export function mountRunIt(container: HTMLElement, props: { source: string; lang: "js" | "ts"; output: string }) {
  const root: Root = createRoot(container);
  let run = 0;
  return () => root.render(<RunItRunner {...props} run={++run} />);
}

/** Replaces `container`'s content with the editable live preview of `source`. */
export function mountRenderIt(container: HTMLElement, props: { initial: string; label: string }) {
  container.replaceChildren();
  createRoot(container).render(<Playground {...props} />);
}

// The one island script every content page loads (docs/decisions/018): the frame's behaviour,
// then the page's own islands. An element with `data-island="name"` gets the module
// app/islands/name.ts, loaded only on pages that have such an element; its default export is
// called once with each such element. Keep them small: all islands a page loads before any
// interaction count against its 25 kB (gzip) budget. Anything heavy (a runner, an editor) is
// imported by the island when the reader asks for it.
import { enhanceAuth } from "~/features/auth/enhance-auth";
import { showPageLoading } from "~/lib/enhance/page-loading";
import { enhanceShell } from "~/lib/enhance/shell";

type Island = (root: HTMLElement) => void;

const islands: Record<string, () => Promise<{ default: Island }>> = {
  "blog-list": () => import("./blog-list"),
  carousel: () => import("./carousel"),
  contact: () => import("./contact"),
  home: () => import("./home"),
  "try-it": () => import("./try-it"),
  marks: () => import("./marks"),
  "question-list": () => import("./question-list"),
  "run-it": () => import("./run-it"),
  "render-it": () => import("./render-it"),
};

enhanceShell(document);
enhanceAuth(document, { app: false });
showPageLoading(document);

for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const load = islands[root.dataset.island ?? ""];
  if (!load) console.warn(`no island named ${root.dataset.island}`);
  else void load().then((module) => module.default(root));
}
document.documentElement.dataset.hydrated = "true";

// Measured after the page has loaded, as on app pages.
const vitals = () => void import("~/lib/web-vitals").then((m) => m.startWebVitals()).catch(() => {});
if (document.readyState === "complete") vitals();
else addEventListener("load", vitals, { once: true });

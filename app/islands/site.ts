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

/**
 * Lets the browser paint and handle input between pieces of start-up work: each piece is its
 * own short task instead of one long one (Lighthouse counts the part of a task over 50 ms, at
 * a phone's CPU speed, as blocking).
 */
const yieldToMain = () =>
  "scheduler" in globalThis && typeof (globalThis as { scheduler?: { yield?: unknown } }).scheduler?.yield === "function"
    ? (globalThis as unknown as { scheduler: { yield: () => Promise<void> } }).scheduler.yield()
    : new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  enhanceShell(document);
  await yieldToMain();
  enhanceAuth(document, { app: false });
  showPageLoading(document);
  await yieldToMain();
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const load = islands[root.dataset.island ?? ""];
    if (!load) console.warn(`no island named ${root.dataset.island}`);
    else void load().then((module) => module.default(root));
  }
  document.documentElement.dataset.hydrated = "true";
}
void start();

// Measured once the page is idle after loading (web-vitals reads the buffered paint and shift
// entries, so starting late loses nothing but interactions before it), out of the way of the
// page's first seconds.
const vitals = () => void import("~/lib/web-vitals").then((m) => m.startWebVitals()).catch(() => {});
const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(vitals, { timeout: 5000 }) : setTimeout(vitals, 2000));
if (document.readyState === "complete") whenIdle();
else addEventListener("load", whenIdle, { once: true });

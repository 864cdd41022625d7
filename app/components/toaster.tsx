import { Suspense, lazy, useEffect, useState } from "react";

/**
 * sonner is loaded once the page has hydrated, not with it: no page needs it to paint, and
 * it was 9.5 kB (gzip) of every page's first JavaScript. Toasts wait until it is there.
 */
const loadSonner = () => import("sonner");
const Sonner = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

let markReady: () => void = () => undefined;
/** Resolves when the toaster listens (sonner drops toasts made before that). */
const ready = new Promise<void>((resolve) => (markReady = resolve));

/** Toasts in the spec's colours: success green, error red, info teal (global.css). */
export function Toaster() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <Listening />
    </Suspense>
  );
}

function Listening() {
  // Effects run children first: sonner has subscribed by the time this one runs.
  useEffect(() => markReady(), []);
  return (
    <Sonner
      position="top-center"
      closeButton
      toastOptions={{
        unstyled: false,
        classNames: { toast: "toast", success: "toast--success", error: "toast--error", info: "toast--info" },
      }}
    />
  );
}

const show = (kind: "success" | "error") => (message: string) => {
  void ready.then(loadSonner).then((m) => m.toast[kind](message));
};

/** sonner's toast, for the kinds we use; shown as soon as the toaster is there. */
export const toast = { success: show("success"), error: show("error") };

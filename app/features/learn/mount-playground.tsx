import { createRoot } from "react-dom/client";
import Playground from "./playground";

/**
 * The playground as a React island of its own, for content pages (docs/decisions/018): React,
 * the editor and the sandbox arrive only when a reader asks to edit an example (the try-it
 * island imports this on "Try it"). Mounted into `host`, which it fills.
 */
export function mountPlayground(host: HTMLElement, props: { initial: string; label: string }) {
  createRoot(host).render(<Playground {...props} />);
}

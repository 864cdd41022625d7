// The one island every content page loads (docs/decisions/018): the frame's behaviour, then the
// page's own small behaviours, each loaded only on the pages whose HTML asks for it.
import { enhanceShell } from "~/lib/enhance/shell";

enhanceShell(document, { app: false });
document.documentElement.dataset.hydrated = "true";

// Measured after the page has loaded, as on app pages.
const vitals = () => void import("~/lib/web-vitals").then((m) => m.startWebVitals()).catch(() => {});
if (document.readyState === "complete") vitals();
else addEventListener("load", vitals, { once: true });

import inspectSource from "./inspect.js?raw";
import outputLimitSource from "./output-limit.js?raw";
import previewConsoleSource from "./preview-console.js?raw";
import runnerSource from "./runner.js?raw";
import workerSource from "./worker.js?raw";

/**
 * The sandbox frame's document (issue #7). Served from our server but loaded into
 * <iframe sandbox="allow-scripts"> (no allow-same-origin), so it runs in an opaque origin:
 * no access to our cookies, storage or DOM. Its only network is the folder of runtimes
 * (/vendor/: Pyodide, sql.js), never the API; no forms, no plugins; only our pages may frame it. (No base-uri
 * rule: previews set <base href="about:srcdoc"> so their #links stay inside.) Scripts and
 * eval are allowed because running the user's program is its whole purpose.
 */
export function sandboxPolicy(origins: string[]): string {
  // The runtimes' files only: a path ending in / allows that folder and nothing else.
  const vendor = [...new Set(origins)].map((origin) => `${origin}/vendor/`).join(" ");
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' 'unsafe-eval' blob: ${vendor}`,
    "worker-src blob:",
    "style-src 'unsafe-inline'",
    "img-src data: blob:",
    "media-src data: blob:",
    "font-src data:",
    `connect-src ${vendor}`,
    "form-action 'none'",
    "frame-ancestors 'self'",
    // Opaque origin even when opened on its own, outside our <iframe sandbox>.
    "sandbox allow-scripts",
  ].join("; ");
}

function inline(source: string): string {
  if (/<\/script/i.test(source)) throw new Error("sandbox sources must not contain a closing script tag");
  return source;
}

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sandbox</title>
<style>html,body{margin:0;height:100%;background:#fff}iframe{border:0;width:100%;height:100%;display:block}</style>
</head>
<body>
<!-- Each runs inside a function, so none of its names can clash with the user's code in the same global scope. -->
<script type="text/plain" id="worker-source">${inline(`(() => {\n"use strict";\n${inspectSource}\n${outputLimitSource}\n${workerSource}\n})();`)}</script>
<script type="text/plain" id="preview-console">${inline(`(() => {\n${inspectSource}\n${previewConsoleSource}\n})();`)}</script>
<script>${inline(`${outputLimitSource}\n${runnerSource}`)}</script>
</body>
</html>`;

export function sandboxResponse(requestOrigin: string, baseUrl: string): Response {
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": sandboxPolicy([requestOrigin, new URL(baseUrl).origin]),
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "public, max-age=300",
    },
  });
}

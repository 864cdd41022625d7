import fs from "node:fs";
import { projectRoot } from "../project-root";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Pyodide, sql.js and the React runtime for the sandbox (issue #7), served from our own origin out of their
 * npm packages (the site works offline; no CDN). Only the files the runtimes load are
 * served. The sandbox runs in an opaque origin, so these answers allow any origin: they
 * are public, cookie-free files.
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const FILES: Record<string, { dir: () => string; files: string[] }> = {
  pyodide: {
    dir: () => packageDir("pyodide"),
    files: ["pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"],
  },
  // sql.js exports only its entry point (dist/sql-wasm.js), so its folder comes from there.
  "sql.js": { dir: () => path.dirname(require.resolve("sql.js")), files: ["sql-wasm.js", "sql-wasm.wasm"] },
  // Bundled by `npm run build` (scripts/build-react-runtime.js) into build/vendor.
  react: { dir: () => reactRuntimeDir, files: ["react-runtime.js"] },
};

const reactRuntimeDir = path.join(projectRoot, "build/vendor");

let reactRuntimeReady: Promise<void> | null = null;

/** Checked once; in development (`npm run dev` before any build) the React runtime is built on first use. */
function ensureReactRuntime(): Promise<void> {
  reactRuntimeReady ??= fs.existsSync(path.join(reactRuntimeDir, "react-runtime.js"))
    ? Promise.resolve()
    : import(/* @vite-ignore */ pathToFileURL(path.join(projectRoot, "scripts/build-react-runtime.js")).href)
        .then((m: { buildReactRuntime: () => Promise<void> }) => m.buildReactRuntime())
        .catch(() => {
          reactRuntimeReady = null; // try again on the next request
        });
  return reactRuntimeReady;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".json": "application/json",
};

export async function vendorResponse(runtime: string, file: string): Promise<Response | null> {
  // Own keys only: "constructor" or "__proto__" would find Object's (issue #31).
  const entry = Object.hasOwn(FILES, runtime) ? FILES[runtime] : undefined;
  if (!entry || !entry.files.includes(file)) return null;
  if (runtime === "react") await ensureReactRuntime();
  const data = await fs.promises.readFile(path.join(entry.dir(), file)).catch(() => null);
  if (!data) return null;
  return new Response(new Uint8Array(data), {
    headers: {
      "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "Cache-Control": "public, max-age=604800",
      "Access-Control-Allow-Origin": "*",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}

export function vendorPreflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "GET",
      "Access-Control-Allow-Headers": "*",
      "Access-Control-Max-Age": "86400",
    },
  });
}

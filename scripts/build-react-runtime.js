// Bundles server/sandbox/react-runtime.js into build/vendor/react-runtime.js, the one file
// the sandbox worker loads for React challenges (served at /vendor/react/react-runtime.js).
// React ships only CommonJS, and the worker loads classic scripts, so it is bundled here as
// an IIFE; the development build is kept on purpose (readable errors and warnings, offline).
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");

export async function buildReactRuntime() {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    mode: "development",
    define: { "process.env.NODE_ENV": JSON.stringify("development") },
    build: {
      outDir: path.join(root, "build/vendor"),
      emptyOutDir: false,
      target: "es2022",
      minify: "esbuild",
      lib: {
        entry: path.join(root, "server/sandbox/react-runtime.js"),
        formats: ["iife"],
        name: "DevPrepReactRuntime",
        fileName: () => "react-runtime.js",
      },
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildReactRuntime();

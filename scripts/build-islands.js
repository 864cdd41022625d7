// Part of `npm run build`: bundles the content pages' island scripts (app/islands/*.ts, one
// entry per file that is not a test) into build/client/assets/islands/, fingerprinted, with a
// manifest the server reads to name them in the page (server/http/islands.ts,
// docs/decisions/018). Each entry is its own small module; what two entries share becomes a
// shared chunk, loaded once.
import fs from "node:fs";
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
export const ISLANDS_DIR = path.join(root, "app/islands");

export function islandEntries() {
  return Object.fromEntries(
    fs
      .readdirSync(ISLANDS_DIR)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.startsWith("_"))
      .map((name) => [name.replace(/\.ts$/, ""), path.join(ISLANDS_DIR, name)]),
  );
}

export async function buildIslands() {
  await build({
    configFile: false,
    root,
    logLevel: "warn",
    publicDir: false,
    resolve: { alias: { "~": path.join(root, "app") } },
    build: {
      outDir: path.join(root, "build/client"),
      emptyOutDir: false,
      target: "es2022",
      manifest: "assets/islands/manifest.json",
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: islandEntries(),
        output: {
          entryFileNames: "assets/islands/[name]-[hash].js",
          chunkFileNames: "assets/islands/[name]-[hash].js",
        },
      },
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIslands();

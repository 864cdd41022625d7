// Part of `npm run build`: bundles the content pages' island script (app/islands/site.ts) and
// the page islands it imports on demand (app/islands/*.ts) into build/client/assets/islands/,
// fingerprinted, with a manifest the server reads to name the entry in the page
// (server/http/islands.ts, docs/decisions/018).
import path from "node:path";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
export const ISLANDS_DIR = path.join(root, "app/islands");

/** The entries: the site island; page islands are its dynamic imports. */
export const islandEntries = () => ({ site: path.join(ISLANDS_DIR, "site.ts") });

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

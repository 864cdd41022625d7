import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../project-root";

/**
 * Where the content pages' island scripts are served from (docs/decisions/018). A built site
 * names the fingerprinted files scripts/build-islands.js wrote (its manifest, read once);
 * `npm run dev` serves the sources through Vite.
 */
export type IslandName = "site";

interface ManifestEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

let manifest: Record<string, ManifestEntry> | null = null;

function readManifest(): Record<string, ManifestEntry> {
  manifest ??= JSON.parse(fs.readFileSync(path.join(projectRoot, "build/client/assets/islands/manifest.json"), "utf8")) as Record<
    string,
    ManifestEntry
  >;
  return manifest;
}

/** The URL of an island's module, for a `<script type="module">`. */
export function islandUrl(name: IslandName, dev = process.env.NODE_ENV === "development"): string {
  if (dev) return `/app/islands/${name}.ts`;
  const entry = readManifest()[`app/islands/${name}.ts`];
  if (!entry) throw new Error(`island ${name} is not in the build (npm run build)`);
  return `/${entry.file}`;
}

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * What a content page makes the browser load (issue #32, docs/decisions/018), read from the
 * production build (`npm test` builds first); sizes are gzip at level 9, as the build
 * precompresses them.
 *
 * A content page loads the site island (app/islands/site.ts), the chunks it imports statically
 * and, on pages that ask for them, the page islands it imports by name. Counting every page
 * island for every page is the most any content page can load before an interaction, so the
 * budget holds for each of them. Heavier code (the runner, an editor, React for a playground)
 * is imported by a page island only when the reader asks for it, and is not counted.
 */
const ISLANDS_BUDGET_KB = 25;
/** The stylesheets of the pages (every route's CSS and the root's). */
const CSS_BUDGET_KB = 30;

const client = path.resolve(import.meta.dirname, "../../build/client");

interface IslandEntry {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function islandManifest(): Record<string, IslandEntry> {
  const file = path.join(client, "assets/islands/manifest.json");
  if (!fs.existsSync(file)) throw new Error("No island manifest in build/client/assets/islands: run npm run build first");
  return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, IslandEntry>;
}

const gzipBytes = (asset: string) => zlib.gzipSync(fs.readFileSync(path.join(client, asset)), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The files a content page may load before any interaction: the entry, its static imports, the page islands and theirs. */
function islandFilesBeforeInteraction(): string[] {
  const manifest = islandManifest();
  const files = new Set<string>();
  const addStatic = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) addStatic(imported);
  };
  const site = manifest["app/islands/site.ts"];
  if (!site) throw new Error("The island manifest has no app/islands/site.ts");
  addStatic("app/islands/site.ts");
  // Page islands are the site island's dynamic imports under app/islands/.
  for (const key of site.dynamicImports ?? []) if (key.startsWith("app/islands/")) addStatic(key);
  return [...files];
}

/** Code that must never run on a content page: React DOM and React Router's client. */
const FRAMEWORK_MARKERS = [/__reactRouterContext/, /react\.dev\/errors|Minified React error/];

describe("what content pages load before any interaction (gzip, from the build)", () => {
  const files = islandFilesBeforeInteraction();
  const sized = files.map((file) => ({ file, bytes: gzipBytes(file) })).sort((a, b) => b.bytes - a.bytes);

  it(`all islands together: JavaScript ≤ ${ISLANDS_BUDGET_KB} kB`, () => {
    const total = sized.reduce((sum, f) => sum + f.bytes, 0);
    const list = sized.map((f) => `${f.file} ${kb(f.bytes)} kB`).join(", ");
    expect(kb(total), `content pages may load ${kb(total)} kB of JavaScript before interaction: ${list}`).toBeLessThanOrEqual(
      ISLANDS_BUDGET_KB,
    );
  });

  it("no React DOM or React Router code among them", () => {
    for (const { file } of sized) {
      const source = fs.readFileSync(path.join(client, file), "utf8");
      for (const marker of FRAMEWORK_MARKERS) expect(marker.test(source), `${file} holds framework code (${marker})`).toBe(false);
    }
  });

  it("the markers it looks for are in the app pages' code, so the check above can fail", () => {
    const appScripts = fs
      .readdirSync(path.join(client, "assets"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => fs.readFileSync(path.join(client, "assets", f), "utf8"));
    for (const marker of FRAMEWORK_MARKERS)
      expect(
        appScripts.some((source) => marker.test(source)),
        String(marker),
      ).toBe(true);
  });

  it(`the stylesheets: CSS ≤ ${CSS_BUDGET_KB} kB each`, () => {
    const styles = fs.readdirSync(path.join(client, "assets")).filter((f) => f.endsWith(".css"));
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(kb(gzipBytes(`assets/${style}`)), style).toBeLessThanOrEqual(CSS_BUDGET_KB);
  });
});

import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferModuleScript, deferScripts } from "./deferred-scripts";

// The shape of what React Router 7 writes (its <Scripts>, hoisted into the head by React 19).
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>',
  '<link rel="modulepreload" href="/assets/chunk-B.js" nonce="n1"/>',
  '<link rel="stylesheet" href="/assets/root-C.css"/>',
  "</head><body><main><h1>Closures — “what does this print?”</h1>",
  '<script>console.log("inline, not a module")</script>',
  "<p>ünïcödé 🚀</p></main>",
  '<script nonce="n1">window.__reactRouterContext = {"state":"<\\/script>"};</script>',
  '<script nonce="n1" type="module" async="">;\n',
  'import * as route0 from "/assets/root-D.js";\n',
  'import * as route1 from "/assets/question-list-E.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0,"list":route1};\n\n',
  'import("/assets/entry.client-A.js");</script>',
  '<script nonce="n1">window.__reactRouterContext.streamController.close();</script></body></html>',
].join("");

async function run(chunks: (string | Buffer)[]) {
  return text(Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))).pipe(deferScripts()));
}

/** The module script's code: the one place the rewrite changes besides the head's preloads. */
const moduleCode = (html: string) => /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

describe("deferScripts", () => {
  it("takes the preloads out of the head and fetches the same modules from the script, after load", async () => {
    const out = await run([page]);
    expect(out).not.toContain("modulepreload href");
    expect(out).toContain('<link rel="stylesheet" href="/assets/root-C.css"/>');
    const code = moduleCode(out);
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).toContain('addEventListener("load", start');
    expect(code).toContain('["/assets/entry.client-A.js","/assets/chunk-B.js"]');
    expect(code).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-D.js"), import("/assets/question-list-E.js")]);',
    );
    expect(code).toContain('window.__reactRouterRouteModules = {"root":route0,"list":route1};');
    expect(code).toContain('import("/assets/entry.client-A.js");');
    // Everything else is byte for byte what React wrote.
    const untouched = (html: string) => html.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(moduleCode(html), "");
    expect(untouched(out)).toBe(untouched(page));
  });

  it("gives the same page however the stream is cut, even inside a tag or a character", async () => {
    const whole = await run([page]);
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
    expect(await run([...bytes].map((b) => Buffer.from([b])))).toBe(whole);
  });

  it("leaves a script it does not understand as it was, with its preloads in front of it", async () => {
    const odd = page.replace('import * as route0 from "/assets/root-D.js";', 'import { a } from "/assets/root-D.js";');
    const out = await run([odd]);
    expect(moduleCode(out)).toBe(moduleCode(odd));
    expect(out).toContain(
      '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/chunk-B.js"/><script nonce="n1" type="module"',
    );
  });

  it("passes a page without preloads or a head through unchanged", async () => {
    const plain = "<html><head></head><body><script>1</script></body></html>";
    expect(await run([plain])).toBe(plain);
    expect(await run(["<p>no head at all</p>"])).toBe("<p>no head at all</p>");
  });
});

describe("deferModuleScript", () => {
  it("turns bare imports into awaited ones too, and refuses exports and named imports", () => {
    const code = deferModuleScript('import "/assets/manifest.js";\nimport * as route0 from "/r.js";\nrun(route0);', []);
    expect(code).toContain('const [, route0] = await Promise.all([import("/assets/manifest.js"), import("/r.js")]);');
    expect(code?.endsWith("run(route0);")).toBe(true);
    expect(deferModuleScript('export const a = 1;\nimport * as r from "/r.js";', [])).toBeNull();
    expect(deferModuleScript('import r from "/r.js";', [])).toBeNull();
    expect(deferModuleScript("window.x = 1;", [])).toBeNull();
  });
});

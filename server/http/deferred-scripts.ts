import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * Content pages load their JavaScript after they have been painted (docs/decisions/013).
 *
 * React Router puts a `<link rel="modulepreload">` in the head for every chunk the page will
 * hydrate with, and a module script at the end of the body whose static imports fetch the route
 * modules. On a slow connection those ~35 requests share the bandwidth with the stylesheet and the
 * fonts, so the reader waits for code before seeing text that needs none. This rewrite takes the
 * preloads out of the head and turns the module script's static imports into dynamic ones that
 * start once the page has loaded (stylesheet, fonts, images in view) and painted: the same chunks,
 * fetched in parallel as before, after the content instead of with it; a reader who touches the
 * page or a key before then starts them at once. Everything on a content page works before then
 * as plain HTML: links, forms and the answers' <details>.
 *
 * The rewrite is strict: a module script with any statement it does not recognise is left as it
 * was, with its preloads put back in front of it, so a change in React Router's output costs this
 * optimisation, never the page (the browser test in tests/e2e/shell.spec.ts, "a content page is
 * painted before it asks for its code", notices).
 */

const modulePreload = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const hrefOf = /\bhref="([^"]+)"/;
const namespaceImport = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"\\]+");$/;
const bareImport = /^import ("[^"\\]+");$/;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** The longest a page waits for its load event before fetching its code anyway. */
const LOAD_WAIT_CAP_MS = 3000;

/** The same for every page: wait for the page (loaded and painted) or the reader, whichever comes first. */
const WAIT_FOR_PAGE = [
  "await new Promise((resolve) => {",
  "  const start = () => requestAnimationFrame(() => setTimeout(resolve));",
  '  if (document.readyState === "complete") return start();',
  '  addEventListener("load", start, { once: true });',
  '  for (const type of ["pointerdown", "keydown"]) addEventListener(type, resolve, { once: true, capture: true });',
  `  setTimeout(start, ${LOAD_WAIT_CAP_MS});`,
  "});",
].join("\n");

/** The module script's code with its static imports made to wait for the page (null: not rewritable). */
export function deferModuleScript(code: string, preloads: string[]): string | null {
  const bindings: string[] = [];
  const specifiers: string[] = [];
  const rest: string[] = [];
  for (const line of code.split("\n")) {
    const trimmed = line.trim();
    const namespace = namespaceImport.exec(trimmed);
    const bare = bareImport.exec(trimmed);
    if (namespace) {
      bindings.push(namespace[1]!);
      specifiers.push(namespace[2]!);
    } else if (bare) {
      bindings.push("");
      specifiers.push(bare[1]!);
    } else if (/^import\b(?!\s*\()/.test(trimmed) || /^export\b/.test(trimmed)) {
      return null;
    } else rest.push(line);
  }
  if (!specifiers.length) return null;
  const prelude = [
    WAIT_FOR_PAGE,
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  const link = document.createElement("link");',
    '  link.rel = "modulepreload";',
    "  link.href = href;",
    "  document.head.append(link);",
    "}",
    `const [${bindings.join(", ")}] = await Promise.all([${specifiers.map((s) => `import(${s})`).join(", ")}]);`,
  ];
  return [...prelude, ...rest].join("\n");
}

const moduleScript = /^(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*)(<\/script>)$/;

/**
 * A stream of a document's HTML with its code deferred as described above. It holds back the head
 * until `</head>` (React writes the head in one piece) and each `<script>` until its end tag.
 */
export function deferScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let preloads: string[] | null = null;
  let done = false;

  const process = (push: (text: string) => void, end: boolean) => {
    if (preloads === null) {
      const headEnd = pending.indexOf("</head>");
      if (headEnd < 0) {
        if (end) push(pending);
        return;
      }
      const found: string[] = [];
      const head = pending.slice(0, headEnd).replace(modulePreload, (tag) => {
        found.push(hrefOf.exec(tag)?.[1] ?? "");
        return "";
      });
      preloads = found;
      push(head);
      pending = pending.slice(headEnd);
      if (!found.length) done = true;
    }
    while (!done) {
      const open = pending.indexOf("<script");
      const close = open < 0 ? -1 : pending.indexOf("</script>", open);
      if (close < 0) {
        // Keep a possible "<script" cut by the chunk's end, or the unfinished script, for the next chunk.
        let keep = end ? pending.length : open >= 0 ? open : Math.max(0, pending.length - "<script".length);
        if (isHighSurrogate(pending.charCodeAt(keep - 1))) keep -= 1; // never split a character in two
        push(pending.slice(0, keep));
        pending = pending.slice(keep);
        return;
      }
      const tagEnd = close + "</script>".length;
      push(pending.slice(0, open));
      const tag = pending.slice(open, tagEnd);
      pending = pending.slice(tagEnd);
      const parts = moduleScript.exec(tag);
      if (!parts) {
        push(tag);
        continue;
      }
      const code = deferModuleScript(parts[2]!, preloads!);
      if (code === null) push(preloads!.map((href) => `<link rel="modulepreload" href="${href}"/>`).join("") + tag);
      else push(parts[1] + code + parts[3]);
      done = true;
    }
    push(pending);
    pending = "";
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending += decoder.write(chunk);
      process((text) => text && this.push(text), false);
      callback();
    },
    flush(callback) {
      pending += decoder.end();
      process((text) => text && this.push(text), true);
      callback();
    },
  });
}

// Part of `npm run bench` (issue #7), in Chromium: time from clicking Run to the first output
// line of a JavaScript snippet with the editor ready (median of 20), time to the first
// Python output including Pyodide's load, and the size of the editor chunk (gzip).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { startServer } from "./bench-server.js";
import { median } from "./measure.js";

export async function benchRunner({ root, port }) {
  const assets = path.join(root, "build/client/assets");
  const editor = fs.readdirSync(assets).find((f) => /^code-editor-.*\.js$/.test(f));
  const editorBytes = fs.readFileSync(path.join(assets, editor));
  const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "devprep-bench-runner-"));
  const server = await startServer({ root, port, dataDir });
  const browser = await chromium.launch({
    executablePath: fs.existsSync(executablePath) ? executablePath : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const lines = [];
  try {
    const page = await browser.newPage();
    await page.context().addCookies([{ name: "devpreps", value: "true", url: server.base }]);
    await page.goto(`${server.base}/compiler`);
    await page.locator(".cm-content").waitFor();
    const times = [];
    for (let i = 0; i < 21; i++) {
      await page.locator(".cm-content").click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.insertText(`console.log("run ${i}")`);
      const started = Date.now();
      await page.getByRole("button", { name: "Run", exact: true }).click();
      await page.locator(".output-line", { hasText: `run ${i}` }).waitFor();
      if (i > 0) times.push(Date.now() - started); // the first run also starts the sandbox frame
    }
    lines.push(
      `JavaScript, click Run to first output (editor ready), median of 20: ${median(times)} ms (min ${Math.min(...times)}, max ${Math.max(...times)})`,
    );

    await page.goto(`${server.base}/compiler?language=python`);
    await page.locator(".cm-content").waitFor();
    await page.locator(".cm-content").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText('print("hello from python")');
    const started = Date.now();
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await page.locator(".output-line", { hasText: "hello from python" }).waitFor({ timeout: 120_000 });
    lines.push(`Python, click Run to first output including Pyodide's load (fresh browser cache): ${Date.now() - started} ms`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  lines.push(
    `editor chunk (${editor}): ${(editorBytes.length / 1024).toFixed(0)} kB, ${(zlib.gzipSync(editorBytes).length / 1024).toFixed(0)} kB gzip`,
  );
  console.log("\nCode runner (Chromium)\n");
  for (const line of lines) console.log(line);
}

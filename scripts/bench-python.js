// Python in the live compiler (issue #33), in Chromium over the production build: the time
// from clicking Run to the program's output for the first run (Pyodide loads) and for the
// runs after it (Pyodide kept in the sandbox's worker), each reading a line from the Input box.
// Run: npm run bench:python (vite-node), or node scripts/bench-python.js. Target: later runs < 1 s.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { ensureBuild, startFreshServer } from "./bench-server.js";
import { median } from "./measure.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RERUNS = 5;

async function main() {
  ensureBuild(root);
  const server = await startFreshServer(root, "bench-python");
  const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
  const browser = await chromium.launch({
    executablePath: fs.existsSync(executablePath) ? executablePath : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    await page.context().addCookies([{ name: "devpreps", value: "true", url: server.base }]);
    await page.goto(`${server.base}/compiler?language=python`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.locator(".cm-content").waitFor();
    const times = [];
    for (let i = 0; i <= RERUNS; i++) {
      await page.locator(".cm-content").click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.insertText(`print(input() + " ${i}")`);
      await page.getByLabel("Input (stdin)").fill("run");
      const started = Date.now();
      await page.getByRole("button", { name: "Run", exact: true }).click();
      await page.locator(".output-line", { hasText: `run ${i}` }).waitFor({ timeout: 120_000 });
      times.push(Date.now() - started);
    }
    const [first, ...later] = times;
    console.log("\nPython in the live compiler (Chromium, production build)\n");
    console.log(`first run, click Run to output (Pyodide loads, fresh browser cache): ${first} ms`);
    console.log(`second run: ${later[0]} ms`);
    console.log(`runs 2-${RERUNS + 1}: median ${median(later)} ms (min ${Math.min(...later)}, max ${Math.max(...later)})`);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();

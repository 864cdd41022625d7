#!/usr/bin/env node
// `node scripts/click-to-paint.js [--runs 10] [--cpu 4]`: how long a reader waits between a
// click on a link from one content page to the next (a question list's "Open question", a
// question page's "Next") and that page painted, with the Speculation Rules prerender the
// content pages ask for (docs/decisions/018) and with prerendering switched off in the browser.
// Production build, fresh database with the seeded content, the system Chromium; the pointer
// rests on the link for 300 ms before the click, as a reader's does (eagerness "moderate"
// starts after 200 ms). `--cpu 4` slows the CPU fourfold, as Lighthouse's mobile preset does.
// Prints the median and the spread (min–max) of each.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { ensureBuild, startFreshServer } from "./bench-server.js";
import { median } from "./measure.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const runs = option("--runs", 10);
const cpu = option("--cpu", 1);
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
const baseArgs = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"];

ensureBuild(root);
const server = await startFreshServer(root, "click-to-paint");

/** Milliseconds from the click to the next page's first contentful paint, as that page reports it. */
async function clickToPaint(browser, from, link) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addCookies([{ name: "devpreps", value: "true", url: server.base }]);
  const page = await context.newPage();
  if (cpu > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpu });
  await page.goto(`${server.base}${from}`, { waitUntil: "load" });
  const target = page.locator(link).first();
  if (await target.evaluate((a) => Boolean(a.closest("details")))) await target.evaluate((a) => (a.closest("details").open = true));
  await target.hover();
  await page.waitForTimeout(300);
  const clicked = Date.now();
  await target.click();
  await page.waitForURL((url) => url.pathname !== from);
  // The new page's paint in its own clock (for a prerendered page: after its activation).
  const painted = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const report = () => {
          const navigation = performance.getEntriesByType("navigation")[0];
          const paint = performance.getEntriesByName("first-contentful-paint")[0];
          if (!paint) return setTimeout(report, 20);
          resolve(performance.timeOrigin + Math.max(paint.startTime, navigation.activationStart ?? 0));
        };
        report();
      }),
  );
  await context.close();
  return Math.max(0, painted - clicked);
}

try {
  const list = await (await fetch(`${server.base}/api/questions?technology=javascript&kind=theory&limit=2`)).json();
  const [first] = list.items ?? list.questions ?? [];
  const routes = [
    ["list → question", "/javascript-questions", 'main a[href^="/javascript-questions/"]'],
    ["question → next", `/javascript-questions/${first.id}`, 'a[rel="next"]'],
  ];
  console.log(`click to paint, ${runs} runs each, CPU ×${cpu}, ${executablePath}\n`);
  for (const [label, flags] of [
    ["prerender", []],
    ["no prerender", ["--disable-features=Prerender2,SpeculationRulesPrefetchFuture"]],
  ]) {
    const browser = await chromium.launch({
      executablePath: fs.existsSync(executablePath) ? executablePath : undefined,
      args: [...baseArgs, ...flags],
    });
    for (const [name, from, link] of routes) {
      const times = [];
      for (let i = 0; i < runs; i++) times.push(await clickToPaint(browser, from, link));
      console.log(
        `${label.padEnd(13)} ${name.padEnd(17)} median ${String(Math.round(median(times))).padStart(4)} ms  (${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))})`,
      );
    }
    await browser.close();
  }
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

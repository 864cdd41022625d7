import type { Page } from "@playwright/test";
import { acceptCookies, expect, test } from "./fixtures";

// Issue #33: on a first visit the text is drawn in a local fallback sized like Lato and Poppins
// (app/styles/font-fallbacks.css) until they arrive; then they swap in and nothing moves. The
// fonts are held back here until the first frames have been measured, drawn with the fallbacks.

type Box = { x: number; y: number; width: number; height: number };

async function boxes(page: Page): Promise<Record<string, Box | null>> {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    };
    return {
      header: box(".site-header"),
      logo: box(".site-logo__name"),
      heading: box("main h1"),
      headerActions: box(".site-header__actions"),
    };
  });
}

for (const path of ["/", "/javascript-questions", "/javascript-questions/js-closures-and-lexical-scope", "/aboutus"]) {
  test(`${path}: the header and the heading do not move when the fonts arrive on a first visit`, async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.woff2$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Still the fallbacks: the real faces have not arrived.
    expect(await page.evaluate(() => document.fonts.check('700 16px "Poppins"') || document.fonts.check('400 16px "Lato"'))).toBe(false);
    const before = await boxes(page);
    release();

    await page.evaluate(async () => {
      await document.fonts.ready;
      await Promise.all([...document.fonts].filter((face) => face.status === "loading").map((face) => face.loaded));
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    expect(await page.evaluate(() => document.fonts.check('700 16px "Poppins"') && document.fonts.check('400 16px "Lato"'))).toBe(true);
    const after = await boxes(page);

    expect(before.header && before.heading).toBeTruthy();
    for (const [name, box] of Object.entries(before)) {
      if (!box) continue;
      const moved = Math.max(...(["x", "y", "width", "height"] as const).map((side) => Math.abs(box[side] - after[name]![side])));
      expect(moved, `${name} moved by ${moved.toFixed(2)} px: ${JSON.stringify(box)} → ${JSON.stringify(after[name])}`).toBeLessThanOrEqual(
        1,
      );
    }
  });
}

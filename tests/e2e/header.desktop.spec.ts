import { navGroups, trailingLinks } from "../../app/lib/nav";
import { texts } from "../../app/lib/texts";
import { type Page } from "@playwright/test";
import { acceptCookies, expect, expectAccessible, signUp, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
  await page.goto("/");
  await waitForHydration(page);
});

test("the desktop header shows every link of the spec and the 65 px store badge, and no drawer button", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: texts.nav.label });
  await expect(nav.getByRole("link", { name: texts.nav.home, exact: true })).toHaveAttribute("href", "/");
  for (const link of trailingLinks) await expect(nav.getByRole("link", { name: link.label })).toHaveAttribute("href", link.to);
  for (const group of navGroups) await expect(nav.getByRole("button", { name: group.label })).toHaveAttribute("aria-expanded", "false");
  const badge = page.locator(".site-header").getByRole("link", { name: texts.nav.playStoreBadgeAlt });
  expect((await badge.locator("img").boundingBox())?.height).toBe(65);
  await expect(badge).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("button", { name: texts.nav.openMenu })).toBeHidden();
});

test("the dropdowns list their technologies and only one is open at a time", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: texts.nav.label });
  const js = nav.getByRole("button", { name: texts.nav.javascript });
  const other = nav.getByRole("button", { name: texts.nav.otherTech });
  await js.click();
  await expect(js).toHaveAttribute("aria-expanded", "true");
  const jsMenu = page.locator("#nav-menu-javascript");
  await expect(jsMenu.getByRole("link")).toHaveText(["JavaScript", "Swift", "Node.js"]);
  await other.click();
  await expect(other).toHaveAttribute("aria-expanded", "true");
  await expect(js).toHaveAttribute("aria-expanded", "false");
  await expect(jsMenu).toBeHidden();
  await expect(page.locator("#nav-menu-other").getByRole("link")).toHaveText([
    "React Native",
    "React",
    "DBMS",
    "AngularJS",
    "NextJS",
    "TypeScript",
    "CSS",
    "HTML",
    "DSA",
    "C/C++",
  ]);
  await expectAccessible(page);
});

test("a click outside or Escape closes an open dropdown", async ({ page }) => {
  const js = page.getByRole("navigation", { name: texts.nav.label }).getByRole("button", { name: texts.nav.javascript });
  await js.click();
  await page.getByRole("contentinfo").getByText("© 2024 DevPrep").click();
  await expect(js).toHaveAttribute("aria-expanded", "false");
  await js.click();
  await expect(js).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(js).toHaveAttribute("aria-expanded", "false");
  await expect(js).toBeFocused();
});

test("the dropdowns work from the keyboard alone", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: texts.nav.label });
  const other = nav.getByRole("button", { name: texts.nav.otherTech });
  await other.focus();
  await page.keyboard.press("Enter");
  await expect(other).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.locator("#nav-menu-other").getByRole("link", { name: "React Native" })).toBeFocused();
  // Tabbing past the last item leaves the menu and closes it.
  for (let i = 0; i < 10; i++) await page.keyboard.press("Tab");
  await expect(other).toHaveAttribute("aria-expanded", "false");
});

test("the header stays at the top while the page scrolls", async ({ page }) => {
  await page.evaluate(() => {
    document.querySelector("main")!.style.minHeight = "3000px";
  });
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  expect((await page.locator(".site-header").boundingBox())?.y).toBe(0);
});

/** What in the header sticks out of the window or covers something else, at the current width. */
function headerCollisions(page: Page) {
  return page.evaluate(() => {
    const parts = [...document.querySelectorAll(".site-logo, .desktop-nav .nav-link, .site-header__actions > *, .header-account > *")]
      .filter((element) => element instanceof HTMLElement && element.offsetParent !== null)
      .map((element) => ({
        name: element.textContent?.trim() || element.getAttribute("aria-label") || element.className,
        box: element.getBoundingClientRect(),
      }));
    const found: string[] = [];
    for (const part of parts) if (part.box.right > window.innerWidth) found.push(`${part.name} past the edge`);
    for (const [i, a] of parts.entries()) {
      for (const b of parts.slice(i + 1)) {
        const inside = (x: DOMRect, y: DOMRect) => x.left <= y.left && x.right >= y.right && x.top <= y.top && x.bottom >= y.bottom;
        const cross =
          a.box.left < b.box.right - 0.5 && b.box.left < a.box.right - 0.5 && a.box.top < b.box.bottom && b.box.top < a.box.bottom;
        if (cross && !inside(a.box, b.box) && !inside(b.box, a.box)) found.push(`${a.name} covers ${b.name}`);
      }
    }
    return found;
  });
}

const WIDTHS = [992, 1024, 1099, 1100, 1200, 1279, 1280, 1299, 1300, 1366, 1399, 1440, 1499, 1500, 1600, 1920];

test("from 992 px up every header item has its own room, for a visitor and for a signed-in reader with a long name", async ({
  page,
  baseURL,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await headerCollisions(page), `a visitor at ${width} px`).toEqual([]);
  }
  await signUp(page, baseURL!, "Alexandra Longname-Featherstonehaugh");
  await page.reload();
  await waitForHydration(page);
  const account = page.locator(".site-header").getByRole("link", { name: "Alexandra Longname-Featherstonehaugh" });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await headerCollisions(page), `signed in at ${width} px`).toEqual([]);
    await expect(account, `the account link at ${width} px`).toBeInViewport();
    await expect(page.locator(".site-header").getByRole("button", { name: texts.nav.logout }), `logout at ${width} px`).toBeInViewport();
  }
  await page.setViewportSize({ width: 1100, height: 800 });
  await expectAccessible(page);
});

import type { Page } from "@playwright/test";
import { texts } from "../../app/lib/texts";
import { acceptAlert, acceptCookies, expect, expectAccessible, nextAlert, signUp, tap, test, waitForHydration } from "./fixtures";

const slides = texts.home.slides;
const activeHeadline = (page: Page) => page.locator('.hero__slide[data-active="true"] .hero__headline');

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

test("the home page shows the carousel, the three cards, why-us and the about section, and passes axe", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(activeHeadline(page)).toHaveText(slides[0]!.headline);
  await expect(page.locator(".category-card__title")).toHaveText(["Theory Fundamentals", "Console & Debugging", "Programming Challenges"]);
  await expect(page.locator(".why-us__title")).toHaveCount(5);
  await expect(page.getByRole("img", { name: texts.home.whyImageAlt })).toBeVisible();
  await expect(page.getByRole("heading", { name: texts.home.aboutHeading, exact: true })).toBeVisible();
  await expect(page.locator(".home-about p")).toHaveCount(2);
  await expectAccessible(page);
});

test("the carousel advances every 6000 ms through the three slides", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  // Stop the page's clock, then step it in 100 ms ticks and time each change of slide.
  // A second ahead: pausing at a time the page clock has already passed fails on a busy machine.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const headline = () => activeHeadline(page).textContent();
  async function msUntilChange(limit: number) {
    const from = await headline();
    for (let ms = 100; ms <= limit; ms += 100) {
      await page.clock.runFor(100);
      if ((await headline()) !== from) return ms;
    }
    return Infinity;
  }
  expect(await headline()).toBe(slides[0]!.headline);
  expect(await msUntilChange(6_100)).toBeLessThanOrEqual(6_000);
  expect(await headline()).toBe(slides[1]!.headline);
  expect(await msUntilChange(6_500)).toBe(6_000);
  expect(await headline()).toBe(slides[2]!.headline);
  expect(await msUntilChange(6_500)).toBe(6_000);
  expect(await headline()).toBe(slides[0]!.headline);
});

test("the carousel pauses while hovered or focused, and on its pause button", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  await page.locator(".hero").hover();
  await page.clock.runFor(13_000);
  await expect(activeHeadline(page)).toHaveText(slides[0]!.headline);
  await page.mouse.move(1, 1);
  await page.clock.runFor(6_100);
  await expect(activeHeadline(page)).toHaveText(slides[1]!.headline);

  await page.getByRole("button", { name: texts.home.nextSlide }).focus();
  await page.clock.runFor(13_000);
  await expect(activeHeadline(page)).toHaveText(slides[1]!.headline);
  await page.keyboard.press("Enter");
  await expect(activeHeadline(page)).toHaveText(slides[2]!.headline);
  await page.getByRole("button", { name: texts.home.pause }).click();
  await page.locator("body").focus();
  await page.mouse.move(1, 1);
  await page.clock.runFor(13_000);
  await expect(activeHeadline(page)).toHaveText(slides[2]!.headline);
  await expect(page.getByRole("button", { name: texts.home.play })).toBeVisible();
});

test("the carousel does not rotate for people who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);
  await page.clock.runFor(20_000);
  await expect(activeHeadline(page)).toHaveText(slides[0]!.headline);
  // The controls still work.
  await page.getByRole("button", { name: "Go to slide 3" }).click();
  await expect(activeHeadline(page)).toHaveText(slides[2]!.headline);
});

test("every carousel button tells a visitor to log in, then opens the login dialog", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: texts.home.pause }).click();
  for (const [i, slide] of slides.entries()) {
    await page.getByRole("button", { name: `Go to slide ${i + 1}` }).click();
    const alert = await acceptAlert(page, () => page.getByRole("link", { name: slide.button }).click());
    expect(alert).toEqual({ type: "alert", message: texts.home.loginRequired });
    const login = page.getByRole("dialog", { name: "Login" });
    await expect(login).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await login.getByRole("button", { name: "Close" }).click();
    await expect(login).toBeHidden();
  }
});

test("every category card tells a visitor to log in and does nothing else", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  for (const card of texts.home.cards) {
    const alert = await acceptAlert(page, () => page.getByRole("link", { name: card.title }).click());
    expect(alert.message).toBe(texts.home.loginRequired);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  }
  expect(await page.evaluate(() => localStorage.getItem("selectedCard"))).toBeNull();
});

test("the about section sets the visited cookie for 7 days and greets a returning visitor in the console", async ({ page, context }) => {
  const logs: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "log") logs.push(message.text());
  });
  await page.goto("/");
  await waitForHydration(page);
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "visited")?.value).toBe("true");
  const visited = (await context.cookies()).find((c) => c.name === "visited")!;
  const lifetime = visited.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(7 * 86400 - 60);
  expect(lifetime).toBeLessThanOrEqual(7 * 86400);
  expect(logs.filter((l) => l.startsWith("Welcome back"))).toEqual([]);

  await page.reload();
  await waitForHydration(page);
  await expect.poll(() => logs.filter((l) => l.startsWith("Welcome back"))).toEqual(["Welcome back to DevPrep! Good to see you again."]);
});

test("a card tapped as soon as the page shows gives a visitor the alert within a second", async ({ page }) => {
  await page.goto("/", { waitUntil: "commit" });
  const card = page.getByRole("link", { name: texts.home.cards[1]!.title });
  await card.waitFor();
  await card.scrollIntoViewIfNeeded();
  const alert = nextAlert(page);
  const tapped = await tap(page, card);
  const shown = await alert;
  expect(shown.at - tapped).toBeLessThan(1_000);
  expect(shown.message).toBe(texts.home.loginRequired);
  await expect(page).toHaveURL(/\/$/);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the first slide shows without controls, and the cards are links that lead a signed-in reader on", async ({ page, baseURL }) => {
    await signUp(page, baseURL!);
    await page.goto("/");
    await expect(page.locator(".hero__headline").first()).toBeVisible();
    await expect(page.locator(".hero__slide:visible")).toHaveCount(1);
    await expect(page.getByRole("button", { name: texts.home.nextSlide })).toBeHidden();
    const cards = page.locator(".category-card");
    await expect(cards).toHaveCount(3);
    for (const [i, kind] of ["theory", "console", "program"].entries())
      await expect(cards.nth(i)).toHaveAttribute("href", `/javascript-questions?kind=${kind}&level=beginner`);
    await page.getByRole("link", { name: texts.home.cards[2]!.title }).click();
    await expect(page).toHaveURL(/\/javascript-questions\?kind=program&level=beginner$/);
    await expect(page.locator("h1")).toBeVisible();
  });
});

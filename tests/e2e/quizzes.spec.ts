import type { Page } from "@playwright/test";
import { technologies } from "../../app/lib/technologies";
import { accountTexts, fill, quizTexts as t, texts } from "../../app/lib/texts";
import { isolatedURL } from "../../playwright.config";
import { acceptCookies, expect, expectAccessible, signUp, test, waitForHydration } from "./fixtures";

/** Issue #12: practice quizzes in the browser, from the set-up form to the review, history and leaderboards. */

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

const question = (page: Page) => page.locator(".quiz-question__title");
const verdict = (page: Page) => page.locator(".quiz-verdict");

interface Settings {
  technology: string;
  level: string;
  questionCount: 10 | 20;
  secondsPerQuestion: 30 | 60 | null;
}

/** Plays a whole quiz through the API with the page's session (always the first option); returns its id. */
async function playThroughApi(page: Page, settings: Settings): Promise<string> {
  // The context's cookies go with these requests, so they say where they come from, as the site's own pages do.
  const headers = { Origin: test.info().project.use.baseURL! };
  const created = await page.request.post("/api/quizzes", { data: settings, headers });
  expect(created.status()).toBe(201);
  const { attempt } = (await created.json()) as { attempt: { id: string; questionCount: number } };
  for (let i = 0; i < attempt.questionCount; i++) {
    const asked = (await (await page.request.post(`/api/quizzes/${attempt.id}/current`, { headers })).json()) as {
      question: { position: number };
    };
    const answered = await page.request.post(`/api/quizzes/${attempt.id}/answers`, {
      data: { position: asked.question.position, option: 0 },
      headers,
    });
    expect(answered.status()).toBe(200);
  }
  return attempt.id;
}

/** Starts a quiz from the set-up page with the settings the address preselects. */
async function startFromSetup(page: Page, search: string) {
  await page.goto(`/quizzes${search}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: t.start }).click();
  await expect(page).toHaveURL(/\/quizzes\/play\/[\w-]+$/);
  await expect(question(page)).toBeVisible();
}

test("a visitor plays a 10-question quiz by keyboard alone, then reviews every answer", async ({ page }) => {
  await page.goto("/quizzes");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
  await expect(page.getByText(t.signInNote)).toBeVisible();

  // From the top of the page: the skip link, then into the form.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const technology = page.getByLabel(t.technology);
  await expect(technology).toBeFocused();
  await page.keyboard.press("j");
  await expect(technology).toHaveValue("javascript");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: t.allLevels })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: /^Beginner/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: fill(t.lengthOption, { count: 10 }) })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: t.untimed })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: t.start })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/quizzes\/play\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(t.quizHeading, { technology: "JavaScript" }));
  let correct = 0;
  for (let i = 0; i < 10; i++) {
    // Each question arrives with the focus on its title and the progress on its number.
    await expect(question(page)).toBeFocused();
    await expect(page.getByRole("progressbar", { name: fill(t.questionOf, { n: i + 1, total: 10 }) })).toBeVisible();
    const key = String((i % 4) + 1);
    await page.keyboard.press(key);
    await expect(page.locator(".quiz-option--choice input:checked")).toHaveValue(String(Number(key) - 1));
    await page.keyboard.press("Enter");

    await expect(verdict(page)).toBeVisible();
    // The right option is marked in words, and the outcome is announced.
    await expect(page.locator(".quiz-option--correct")).toContainText(t.correctAnswer);
    await expect(page.locator(".quiz-player__live")).toHaveText(
      new RegExp(`^(${t.correct}|${t.wrong}\\. ${t.correctIs.replace(" {n}.", "")})`),
    );
    if (await page.locator(".quiz-verdict--correct").isVisible()) correct++;
    else await expect(page.locator(".quiz-option", { hasText: t.yourAnswer })).toHaveCount(1);
    const next = page.getByRole("button", { name: i === 9 ? t.seeResults : t.next });
    await expect(next).toBeFocused();
    await page.keyboard.press("Enter");
  }

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.resultsTitle);
  await expect(page.locator(".quiz-summary__headline")).toHaveText(fill(t.correctOf, { correct, total: 10 }));
  await expect(page.getByRole("img", { name: fill(t.scoreAria, { score: correct * 10 }) })).toBeVisible();
  await expect(page.getByText(/JavaScript · Beginner \(List 1\) · Untimed/)).toBeVisible();
  const items = page.locator(".quiz-review__item");
  await expect(items).toHaveCount(10);
  for (let i = 0; i < 10; i++) await expect(items.nth(i).locator(".quiz-tag--correct")).toHaveText(t.correctAnswer);

  // The review links each question to its page.
  const title = (await items.first().locator(".quiz-review__title").textContent())!.replace(/^1\.\s*/, "");
  await items
    .first()
    .getByRole("link", { name: new RegExp(t.openQuestion) })
    .click();
  await expect(page).toHaveURL(/\/javascript-questions\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

// Apart from the keyboard run, to keep each test well inside its time: axe takes seconds on these pages.
test("the set-up page, a question and its feedback pass axe", async ({ page }) => {
  await page.goto("/quizzes?technology=typescript");
  await waitForHydration(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: t.start }).click();
  await expect(question(page)).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("3");
  await page.keyboard.press("Enter");
  await expect(verdict(page)).toBeVisible();
  await expectAccessible(page);
});

test("the results, rendered on the server, pass axe", async ({ page }) => {
  await page.goto("/");
  const id = await playThroughApi(page, { technology: "angular", level: "all", questionCount: 10, secondsPerQuestion: 30 });
  await page.goto(`/quizzes/play/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.resultsTitle);
  await expect(page.locator(".quiz-review__item")).toHaveCount(10);
  await waitForHydration(page);
  await expectAccessible(page);
});

test("reloading in the middle of a quiz resumes at the same question, with the time that is left", async ({ page }) => {
  await startFromSetup(page, "?technology=react&count=10&time=60");
  for (let i = 0; i < 2; i++) {
    // By pointer this time: a tap on an option, then the submit button.
    await page.locator(".quiz-option--choice").nth(1).click();
    await page.getByRole("button", { name: t.submit }).click();
    await page.getByRole("button", { name: t.next }).click();
  }
  await expect(page.getByRole("progressbar", { name: fill(t.questionOf, { n: 3, total: 10 }) })).toBeVisible();
  const title = await question(page).textContent();
  await expect(page.getByRole("timer")).toHaveText(/0:[0-5]\d|1:00/);

  await page.reload();
  await waitForHydration(page);
  await expect(question(page)).toHaveText(title!);
  await expect(page.getByRole("progressbar", { name: fill(t.questionOf, { n: 3, total: 10 }) })).toBeVisible();
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  await expect(verdict(page)).toBeVisible();
  await expect(page.getByRole("button", { name: t.next })).toBeFocused();
});

test("when the countdown reaches zero the question is given up and the player is told time is up", async ({ page }) => {
  await page.clock.install();
  await startFromSetup(page, "?technology=css&time=30");
  await expect(page.getByRole("timer", { name: t.timeLeft })).toHaveText(/0:(30|29)/);
  await page.clock.fastForward(31_000);
  await expect(verdict(page)).toContainText(t.timeUp);
  await expect(verdict(page)).toContainText(t.timeUpText);
  await expect(page.locator(".quiz-option--correct")).toContainText(t.correctAnswer);
  await expect(page.locator(".quiz-option", { hasText: t.yourAnswer })).toHaveCount(0);
});

test.describe("an answer the server refuses as late", () => {
  // The server's 409 is logged by Chromium.
  test.use({ allowConsoleErrors: /status of 409/ });

  test("says that time was up and that it scores nothing", async ({ page }) => {
    await startFromSetup(page, "?technology=html&time=30");
    await page.route("**/api/quizzes/*/answers", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "deadline_passed", message: "Time was up." } }),
      }),
    );
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
    await expect(verdict(page)).toContainText(t.timeUp);
    await expect(verdict(page)).toContainText(t.late);
    await expect(page.getByRole("button", { name: t.next })).toBeFocused();
  });
});

test("a signed-in player's quizzes are in the history, one chart point each, and can be played again", async ({ page, baseURL }) => {
  await page.goto("/quizzes/history");
  await expect(page.getByText(t.historySignedOut)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  await signUp(page, baseURL!, "Quiz Historian");
  await playThroughApi(page, { technology: "css", level: "all", questionCount: 10, secondsPerQuestion: null });
  await playThroughApi(page, { technology: "mixed", level: "beginner", questionCount: 10, secondsPerQuestion: 60 });

  await page.goto("/quizzes/history");
  await waitForHydration(page);
  const rows = page.locator(".quiz-attempts tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Mixed");
  await expect(rows.nth(1)).toContainText("CSS");
  await expect(page.getByRole("img", { name: /Score over time for Mixed, CSS: 2 quizzes/ })).toBeVisible();
  await expect(page.locator("svg .score-chart__point")).toHaveCount(2);
  await expect(page.locator(".score-chart__legend li")).toHaveText(["Mixed", "CSS"]);
  await expectAccessible(page);

  // A past quiz's review, and the same settings again.
  await rows
    .nth(1)
    .getByRole("link", { name: new RegExp(t.reviewLink) })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.resultsTitle);
  await expect(page.locator(".quiz-review__item")).toHaveCount(10);
  const reviewUrl = page.url();
  await page.getByRole("button", { name: t.playAgain }).click();
  await expect(page).not.toHaveURL(reviewUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(t.quizHeading, { technology: "CSS" }));
  await expect(question(page)).toBeVisible();
  await expect(page.getByText(t.untimed, { exact: true })).toBeVisible();
});

test("a timed quiz puts the player on the leaderboard until they hide their name in the account settings", async ({ page, baseURL }) => {
  const name = `Quiz Ace ${Math.floor(Math.random() * 1e9)}`;
  await signUp(page, baseURL!, name);
  await playThroughApi(page, { technology: "html", level: "all", questionCount: 10, secondsPerQuestion: 30 });

  // The board's technology picker is a plain GET form.
  await page.goto("/quizzes/leaderboard");
  await waitForHydration(page);
  await page.getByLabel(t.technology).selectOption("html");
  await page.getByRole("button", { name: t.show }).click();
  await expect(page).toHaveURL(/technology=html&period=week/);
  const mine = page.locator(".leaderboard__you");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(name);
  await expect(mine).toContainText(t.you);
  await expectAccessible(page);
  await page.getByRole("link", { name: t.allTime }).click();
  await expect(page).toHaveURL(/technology=html&period=all/);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(1);

  await page.goto("/account");
  await waitForHydration(page);
  const box = page.getByRole("checkbox", { name: accountTexts.showOnLeaderboards });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.locator(".toast--success").filter({ hasText: accountTexts.leaderboardsHidden })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: accountTexts.showOnLeaderboards })).not.toBeChecked();

  await page.goto("/quizzes/leaderboard?technology=html&period=all");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.leaderboardTitle);
  await expect(page.getByRole("main").getByText(name)).toHaveCount(0);
});

test("quizzes can be found from the footer and each question list, which preselects its technology", async ({ page }) => {
  await page.goto("/dsa-questions");
  await waitForHydration(page);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: t.navLink })).toHaveAttribute("href", "/quizzes");
  const dsa = technologies.find((tech) => tech.slug === "dsa")!;
  await page.getByRole("link", { name: fill(t.takeQuiz, { technology: dsa.name }) }).click();
  await expect(page).toHaveURL(/\/quizzes\?technology=dsa$/);
  // From a content page the quiz page is a page load: it works once it has hydrated.
  await waitForHydration(page);
  await expect(page.getByLabel(t.technology)).toHaveValue("dsa");
  // Fewer questions than asked: the form says how many the quiz will have.
  await page.getByRole("radio", { name: /^Expert/ }).check();
  await page.getByRole("radio", { name: fill(t.lengthOption, { count: 20 }) }).check();
  await expect(page.locator(".quiz-setup__pool")).toContainText(/Only \d+ are available, so this quiz will have \d+ questions\./);
  await expect(page.getByRole("button", { name: t.start })).toBeEnabled();
});

test("with no quiz questions the form explains why and cannot start", async ({ page }) => {
  // The isolated app has no content at all.
  await page.goto(`${isolatedURL}/quizzes`);
  await expect(page.getByText(t.none)).toBeVisible();
  await expect(page.getByRole("button", { name: t.start })).toBeDisabled();
});

test("the quiz set-up page and leaderboard are in the sitemap; play pages are not indexed; an unknown quiz is a 404", async ({
  page,
  request,
  baseURL,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/quizzes", "/quizzes/leaderboard"]) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(xml).not.toContain("/quizzes/play");
  expect(xml).not.toContain("/quizzes/history");

  const missing = await page.goto("/quizzes/play/no-such-quiz");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.notFound.title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  await startFromSetup(page, "?technology=nodejs");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

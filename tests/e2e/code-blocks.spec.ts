import type { Locator, Page } from "@playwright/test";
import { interviewTexts, quizTexts } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, publishedQuestions, signUp, test, waitForHydration } from "./fixtures";

/**
 * Issue #33: one code block everywhere. Code keeps its line breaks, is highlighted, and a long
 * line scrolls inside its block (which keyboard users can focus) instead of widening the page;
 * an interviewer's Markdown is rendered, with any HTML in it shown as text.
 */

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

/** The page is no wider than the screen: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** The block lies within the screen; when its lines are longer, it scrolls them itself, from the keyboard too. */
async function expectScrollsInside(page: Page, block: Locator) {
  const width = page.viewportSize()!.width;
  const box = (await block.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const overflows = await block.evaluate((el) => el.scrollWidth > el.clientWidth);
  // At phone width a line of more than 45 characters cannot fit.
  const longest = Math.max(...(await block.locator("code").innerText()).split("\n").map((line) => line.length));
  if (width < 500 && longest > 45) expect(overflows).toBe(true);
  if (overflows) {
    await block.focus();
    await expect(block).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => block.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
}

/** The code's lines stay lines: its text keeps them, and the block is as tall as them. */
async function expectLinesKept(block: Locator, lineCount: number) {
  const code = block.locator("code");
  const text = await code.innerText();
  expect(text.split("\n").length).toBeGreaterThanOrEqual(lineCount);
  // Tokens laid out side by side as columns would make the block one line tall, however many lines the code has.
  const { height, lineHeight } = await block.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height).toBeGreaterThanOrEqual(lineHeight * lineCount);
}

test("an interview's console turn shows its code line by line, and the interviewer's Markdown rendered", async ({ page, baseURL }) => {
  await signUp(page, baseURL!);
  const headers = { Origin: baseURL! };
  const created = await page.request.post("/api/interviews", {
    data: { track: "javascript", level: "beginner", questionCount: 5 },
    headers,
  });
  expect(created.status()).toBe(201);
  const { interview } = (await created.json()) as { interview: { id: string } };
  // The first question is theory; passing on it brings the console question (the plan asks it second).
  const skipped = await page.request.post(`/api/interviews/${interview.id}/answers`, {
    data: { position: 0, answer: "" },
    headers: { ...headers, Accept: "application/json" },
  });
  expect(skipped.status()).toBe(200);
  const state = (await skipped.json()) as {
    current: { kind: string; asked: string; material: { code: { html: string } | null } };
  };
  expect(state.current.kind).toBe("console");

  await page.goto(`/interview/${interview.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(interviewTexts.kinds.console);
  const block = page.locator(".interview__conversation .code-block");
  await expect(block).toHaveCount(1);
  const lines = state.current.material.code!.html.trimEnd().split("\n").length;
  expect(lines).toBeGreaterThan(1);
  await expectLinesKept(block, lines);
  await expect(block.locator(".hljs-title, .hljs-keyword, .hljs-string, .hljs-number").first()).toBeVisible();

  // The built-in interviewer's question: "What does this code print?" with no Markdown left showing.
  const asked = page.locator(".interview-bubble--interviewer .interview-bubble__text").first();
  await expect(asked).toContainText("What does this code print?");
  await expect(asked).not.toContainText("`");

  // A hint names a key point's code as code, not between backticks.
  await page.getByRole("button", { name: interviewTexts.hint }).click();
  const hint = page.locator(".interview-hints li");
  await expect(hint).toHaveCount(1);
  await expect(hint).not.toContainText("`");

  await expectNoSidewaysScroll(page);
  await expectScrollsInside(page, block);
  await expectAccessible(page);
});

/** Gives the turn at `position` other words, as a language-model interviewer would phrase it (the built-in one keeps the bank's). */
async function rephraseTurn(id: string, position: number, asked: string) {
  const { default: SQLite } = await import("better-sqlite3");
  const db = new SQLite(`${process.env.E2E_DATA_DIR}/devprep.db`, { timeout: 5000 });
  try {
    db.prepare("update interview_turn set asked_text = ? where session_id = ? and position = ?").run(asked, id, position);
  } finally {
    db.close();
  }
}

test("an interviewer's Markdown shows its code as code, bold as bold, and any HTML in it as text", async ({ page, baseURL }) => {
  await signUp(page, baseURL!);
  const created = await page.request.post("/api/interviews", {
    data: { track: "javascript", level: "beginner", questionCount: 5 },
    headers: { Origin: baseURL!, Accept: "application/json" },
  });
  expect(created.status()).toBe(201);
  const { interview } = (await created.json()) as { interview: { id: string } };
  await rephraseTurn(
    interview.id,
    0,
    "What does `typeof null` return, and **why**?\n\n- Mention `Object.prototype`\n- <img src=x onerror=alert(1)> is not an answer\n\n```js\nconst a = null;\nconsole.log(typeof a);\n```",
  );

  await page.goto(`/interview/${interview.id}`);
  await waitForHydration(page);
  const asked = page.locator(".interview-bubble--interviewer .interview-bubble__text").first();
  await expect(asked.locator("code", { hasText: "typeof null" })).toBeVisible();
  await expect(asked.locator("strong")).toHaveText("why");
  await expect(asked.locator("li")).toHaveCount(2);
  await expect(asked).not.toContainText("`");
  await expect(asked).not.toContainText("**");
  // The HTML is words on the screen, not an element.
  await expect(asked.locator("img")).toHaveCount(0);
  await expect(asked.locator("li").nth(1)).toHaveText("<img src=x onerror=alert(1)> is not an answer");
  // Fenced code: the same code block as everywhere, its two lines kept.
  const block = asked.locator(".code-block");
  await expect(block).toHaveAttribute("aria-label", "JavaScript code");
  await expectLinesKept(block, 2);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test("a long line in a question page's code scrolls inside its block, the page no wider than the screen", async ({ page }) => {
  // The question whose snippet has the longest line.
  const console = await publishedQuestions("javascript", "console");
  const longest = (content: string) => {
    const code = (JSON.parse(content) as { code: { source: string } | null }).code?.source ?? "";
    return Math.max(...code.split("\n").map((line) => line.length));
  };
  const question = console.reduce((a, b) => (longest(b.content) > longest(a.content) ? b : a));
  await page.goto(`/javascript-questions/${question.id}`);
  const block = page.locator(".question-body > .code-block").first();
  await expect(block).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectScrollsInside(page, block);
  await expect(block).toHaveAttribute("aria-label", "JavaScript code");
  await expectAccessible(page);
});

test("the console list's answers, opened all at once, do not widen the page", async ({ page }) => {
  await page.goto("/javascript-questions?kind=console&level=beginner");
  await page.getByRole("button", { name: "Expand all" }).click();
  const blocks = page.locator(".question-item__body .code-block");
  await expect(blocks.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectScrollsInside(page, blocks.first());
});

test("a quiz question's code scrolls inside its block, the page no wider than the screen", async ({ page }) => {
  await page.goto("/quizzes?technology=javascript");
  await waitForHydration(page);
  await page.getByRole("button", { name: quizTexts.start }).click();
  await expect(page).toHaveURL(/\/quizzes\/play\/[\w-]+$/);
  // Questions come in a random order: answer until one with code comes up.
  const title = page.locator(".quiz-question__title");
  const block = page.locator("main .code-block");
  for (let i = 0; i < 9; i++) {
    await expect(title).toBeFocused();
    if (await block.isVisible()) break;
    const before = await title.textContent();
    await page.keyboard.press("1");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: quizTexts.next })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(title).not.toHaveText(before!);
  }
  await expect(block).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectScrollsInside(page, block);
});

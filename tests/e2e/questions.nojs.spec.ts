import { fill, questionTexts as q, searchTexts, texts } from "../../app/lib/texts";
import { acceptCookies, expect, openSiteDatabase, signUp, test } from "./fixtures";

/**
 * Question pages, lists and search are content pages (docs/decisions/018): with JavaScript off
 * the reader still reads every answer, moves between lists and questions, searches, and (signed
 * in) marks questions done and bookmarks them with plain form posts.
 */

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

async function firstQuestion(kind: string, level = "beginner") {
  const db = await openSiteDatabase();
  try {
    return db
      .prepare(
        "select id, title from question where technology = 'javascript' and status = 'published' and kind = ? and level = ? order by sort_key, id limit 1",
      )
      .get(kind, level) as { id: string; title: string };
  } finally {
    db.close();
  }
}

test("a question page's answer opens", async ({ page }) => {
  const theory = await firstQuestion("theory");
  await page.goto(`/javascript-questions/${theory.id}`);
  const answer = page.getByRole("heading", { name: texts.labels.answer, exact: true });
  await expect(answer).toBeHidden();
  await page.getByText(q.showAnswer).click();
  await expect(answer).toBeVisible();
});

test("a list item leads to its question; kinds and levels are links; the island's tools are not shown", async ({ page }) => {
  await page.goto("/javascript-questions?kind=theory&level=beginner");
  await expect(page.getByRole("switch", { name: q.practiceMode })).toBeHidden();
  await expect(page.getByRole("button", { name: q.expandAll })).toBeHidden();
  const item = page.locator(".question-item").first();
  const title = (await item.locator(".question-item__title").textContent())!;
  await item.locator("summary").click();
  await item.getByRole("link", { name: q.openQuestion }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("heading", { name: texts.labels.answer, exact: true })).toBeHidden();

  await page.goto("/javascript-questions?kind=theory&level=beginner");
  await page.getByRole("navigation", { name: q.kindsLabel }).getByRole("link", { name: texts.labels.console }).click();
  await expect(page).toHaveURL(/\?kind=console&level=beginner$/);
  await expect(page.locator(".question-item__title").first()).toHaveText((await firstQuestion("console")).title);
});

test("search is a form that returns linked results", async ({ page }) => {
  await page.goto("/search");
  await page.getByLabel(searchTexts.label).fill("promise");
  await page.getByRole("button", { name: searchTexts.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=promise/);
  const first = page.locator(".search-result__title").first();
  await expect(first.locator("mark").first()).toHaveText(/^promise/i);
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("a signed-in reader marks a question done and bookmarks it with form posts, on its page and in its list", async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL!);
  const theory = await firstQuestion("theory");
  await page.goto(`/javascript-questions/${theory.id}`);
  const toggles = page.getByRole("group", { name: theory.title });
  const done = toggles.getByRole("button", { name: q.done });
  const bookmark = toggles.getByRole("button", { name: q.bookmark });
  await expect(done).toHaveAttribute("aria-pressed", "false");
  await done.click();
  await expect(page).toHaveURL(new RegExp(`/javascript-questions/${theory.id}$`));
  await expect(done).toHaveAttribute("aria-pressed", "true");
  await bookmark.click();
  await expect(bookmark).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(done).toHaveAttribute("aria-pressed", "true");
  await expect(bookmark).toHaveAttribute("aria-pressed", "true");

  // The list carries the same marks; undoing one there returns to the item.
  await page.goto("/javascript-questions?kind=theory&level=beginner");
  const inList = page.getByRole("group", { name: theory.title });
  await expect(inList.getByRole("button", { name: q.done })).toHaveAttribute("aria-pressed", "true");
  await inList.getByRole("button", { name: q.bookmark }).click();
  await expect(page).toHaveURL(new RegExp(`\\?kind=theory&level=beginner#${theory.id}$`));
  await expect(inList.getByRole("button", { name: q.bookmark })).toHaveAttribute("aria-pressed", "false");
  await page.goto(`/javascript-questions/${theory.id}`);
  await expect(bookmark).toHaveAttribute("aria-pressed", "false");
  await expect(done).toHaveAttribute("aria-pressed", "true");
});

test("a console question is answered with a form post; a signed-in reader's right answer marks it done", async ({ page, baseURL }) => {
  await signUp(page, baseURL!);
  const db = await openSiteDatabase();
  const question = db
    .prepare(
      "select id, title, content from question where technology = 'javascript' and status = 'published' and kind = 'console' order by sort_key, id limit 1",
    )
    .get() as { id: string; title: string; content: string };
  db.close();
  const { correctOption: right, options } = JSON.parse(question.content) as { correctOption: number; options: string[] };
  const wrong = (right + 1) % options.length;
  const letter = (index: number) => String.fromCharCode(65 + index);
  await page.goto(`/javascript-questions/${question.id}`);
  const done = page.getByRole("group", { name: question.title }).getByRole("button", { name: q.done });
  await expect(done).toHaveAttribute("aria-pressed", "false");
  const answer = page.getByRole("group", { name: q.pickOutput });

  // Checked with nothing picked: the browser asks for a pick (required), nothing is posted.
  await page.getByRole("button", { name: q.checkAnswer }).click();
  await expect(page.getByRole("status")).toHaveCount(0);

  await answer.getByRole("radio").nth(wrong).check();
  await page.getByRole("button", { name: q.checkAnswer }).click();
  await expect(page.getByRole("status")).toHaveText(fill(q.consoleWrong, { chosen: letter(wrong), letter: letter(right) }));
  await expect(done).toHaveAttribute("aria-pressed", "false");
  await answer.getByRole("radio").nth(right).check();
  await page.getByRole("button", { name: q.checkAgain }).click();
  await expect(page.getByRole("status")).toHaveText(fill(q.consoleRight, { letter: letter(right) }));
  await expect(done).toHaveAttribute("aria-pressed", "true");
});

test("without scripts the header's search icon opens a field with the cursor in it, and searching reaches /search", async ({ page }) => {
  await page.goto("/react-questions");
  await page.getByRole("button", { name: texts.nav.search, exact: true }).click();
  const field = page.getByRole("searchbox", { name: texts.nav.search });
  await expect(field).toBeFocused();
  await field.fill("useEffect");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=useEffect&tech=react$/);
  await expect(page.locator(".search-result__title").first()).toHaveAttribute("href", /^\/react-questions\//);
});

import type { Page } from "@playwright/test";
import { technologies } from "../../app/lib/technologies";
import { bookmarkTexts, fill, questionTexts as q, searchTexts, texts } from "../../app/lib/texts";
import {
  acceptCookies,
  expect,
  expectAccessible,
  holdRequests,
  openSiteDatabase,
  publishedQuestions,
  signUp,
  test,
  waitForHydration,
} from "./fixtures";

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

interface Row {
  id: string;
  kind: string;
  level: string;
  title: string;
  content: string;
}

/** Published JavaScript questions as the e2e server imported them from content/questions. */
async function bank(where = "") {
  const db = await openSiteDatabase();
  try {
    return db
      .prepare(
        `select id, kind, level, title, content from question where technology = 'javascript' and status = 'published' ${where} order by sort_key, id`,
      )
      .all() as Row[];
  } finally {
    db.close();
  }
}

test("every technology has a list page with its title", async ({ page }) => {
  for (const { slug, name } of technologies) {
    const response = await page.goto(`/${slug}-questions`);
    expect(response?.status(), slug).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fill(q.listTitle, { technology: name }));
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(new RegExp(`/${slug}-questions$`));
  }
  await waitForHydration(page);
  await expectAccessible(page);
});

test("a CSS question asks for #target's computed styles and renders its HTML live on request", async ({ page }) => {
  const [question] = await publishedQuestions("css", "console");
  const content = JSON.parse(question!.content) as { output: string; options: string[]; code: { source: string } };
  await page.goto(`/css-questions/${question!.id}`);
  await waitForHydration(page);
  await expect(page.getByText(q.cssRendered)).toBeVisible();
  await expect(page.locator(".console-options__text")).toHaveText(content.options);
  await page.getByRole("button", { name: q.renderIt }).click();
  await expect(page.getByRole("textbox", { name: q.renderItEditor })).toBeVisible();
  const preview = page.frameLocator(".sandbox-frame").frameLocator("#preview");
  await expect(preview.locator("#target")).toBeAttached({ timeout: 15_000 });
  await expectAccessible(page);
});

test("a list shows its questions numbered and collapsed; one or all expand to the answer", async ({ page }) => {
  const theory = await bank("and kind = 'theory' and level = 'beginner'");
  const response = await page.goto("/javascript-questions?kind=theory&level=beginner");
  // The page itself carries titles only; the answers come from the API once it is in the browser.
  const html = (await response!.text()).replaceAll("&#x27;", "'");
  expect(html).toContain(theory[0]!.title.replaceAll("&", "&amp;"));
  expect(html).not.toContain(`>${texts.labels.answer}</h3>`);
  await waitForHydration(page);
  const items = page.locator(".question-item");
  await expect(page.locator(".question-item__title")).toHaveText(theory.map((r) => r.title));
  await expect(items.first().getByRole("heading", { name: texts.labels.answer })).toBeHidden();
  await items.first().locator("summary").click();
  await expect(items.first().getByRole("heading", { name: texts.labels.answer, exact: true })).toBeVisible();
  await expect(items.first().getByRole("heading", { name: texts.labels.explanation, exact: true })).toBeVisible();
  await expect(items.nth(1).getByRole("heading", { name: texts.labels.answer })).toBeHidden();
  await page.getByRole("button", { name: q.expandAll }).click();
  for (let i = 0; i < theory.length; i++)
    await expect(items.nth(i).getByRole("heading", { name: texts.labels.answer, exact: true })).toBeVisible();
  await page.getByRole("button", { name: q.collapseAll }).click();
  await expect(items.first().getByRole("heading", { name: texts.labels.answer })).toBeHidden();
  await expectAccessible(page);
});

test("a list builds an answer when its item opens, also one opened while the answers were on their way", async ({ page }) => {
  const release = await holdRequests(page, "**/api/questions?*include=html*");
  await page.goto("/javascript-questions?kind=theory&level=beginner");
  await waitForHydration(page);
  const items = page.locator(".question-item");
  await items.nth(1).locator("summary").click();
  await expect(items.nth(1)).toContainText(q.answerLoading);
  release();
  await expect(items.nth(1).getByRole("heading", { name: texts.labels.answer, exact: true })).toBeVisible();
  // The others are not built until they are opened: nothing of their answers is in the page.
  await expect(items.first().locator("h3")).toHaveCount(0);
  await expect(items.nth(2).locator("h3")).toHaveCount(0);
  await items.nth(2).locator("summary").click();
  await expect(items.nth(2).getByRole("heading", { name: texts.labels.answer, exact: true })).toBeVisible();
});

test("an item opened before the page was interactive gets its answer once it is", async ({ page }) => {
  // The list's island: before it has arrived the page is plain HTML.
  const release = await holdRequests(page, "**/assets/islands/question-list-*.js");
  await page.goto("/javascript-questions?kind=theory&level=beginner");
  const item = page.locator(".question-item").nth(1);
  // Native <details>: it opens without any script.
  await item.locator("summary").click();
  await expect(item.getByRole("link", { name: q.openQuestion })).toBeVisible();
  release();
  await waitForHydration(page);
  await expect(item.getByRole("heading", { name: texts.labels.answer, exact: true })).toBeVisible();
});

test("a question page and a list load at most 25 kB of script before interaction; Run it brings the runner on its click", async ({
  page,
}) => {
  // A snippet the browser can run (Node-only ones have no Run it).
  const consoleQuestion = (await bank("and kind = 'console' and level = 'beginner'")).find(
    (question) => !/process\.|require\(|setImmediate/.test((JSON.parse(question.content) as { code: { source: string } }).code.source),
  );
  expect(consoleQuestion, "a runnable console question in the bank").toBeTruthy();
  const scripts = new Map<string, number>();
  page.on("requestfinished", async (request) => {
    if (request.resourceType() === "script") scripts.set(new URL(request.url()).pathname, (await request.sizes()).responseBodySize);
  });
  const total = () => [...scripts.values()].reduce((a, b) => a + b, 0);
  for (const url of ["/javascript-questions?kind=theory&level=beginner", `/javascript-questions/${consoleQuestion!.id}`]) {
    scripts.clear();
    await page.goto(url);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(total(), `${url}: ${[...scripts].map(([name, size]) => `${name} ${size}`).join(", ")}`).toBeLessThanOrEqual(25 * 1024);
    expect(
      [...scripts.keys()].filter((name) => /react|entry\.client|runners-/.test(name)),
      url,
    ).toEqual([]);
  }
  // Run it comes with the output: after an answer, or on asking for the output.
  await page.getByText(q.showOutput).click();
  await page.getByRole("button", { name: q.runIt }).click();
  await expect(page.locator(".run-it__verdict")).toHaveText(q.sameOutput, { timeout: 15_000 });
  expect([...scripts.keys()].some((name) => /\/islands\/runners-/.test(name))).toBe(true);
});

test.describe("without a connection", () => {
  test.use({ allowConsoleErrors: /Failed to load resource: net::ERR_FAILED/ });
  test("an answer that cannot be loaded says so, and trying again brings it", async ({ page }) => {
    await page.route("**/api/questions?*include=html*", (route) => route.abort());
    await page.goto("/javascript-questions?kind=theory&level=beginner");
    await waitForHydration(page);
    const item = page.locator(".question-item").first();
    await item.locator("summary").click();
    await expect(item.getByRole("alert")).toHaveText(`${q.answerFailed} ${q.retry}`);
    await expect(item.getByRole("link", { name: q.openQuestion })).toBeVisible();
    await expectAccessible(page);
    await page.unroute("**/api/questions?*include=html*");
    await item.getByRole("button", { name: q.retry }).click();
    await expect(item.getByRole("heading", { name: texts.labels.answer, exact: true })).toBeVisible();
    await expect(item.getByRole("alert")).toHaveCount(0);
  });
});

test("switching kind and list updates the address, the list and the shared selection", async ({ page }) => {
  await page.goto("/javascript-questions");
  await waitForHydration(page);
  const kinds = page.getByRole("navigation", { name: q.kindsLabel });
  const levels = page.getByRole("navigation", { name: q.levelsLabel });
  await expect(kinds.getByRole("link", { name: texts.labels.theory })).toHaveAttribute("aria-current", "page");
  await expect(levels.getByRole("link", { name: texts.labels.list1 })).toHaveAttribute("aria-current", "page");

  await kinds.getByRole("link", { name: texts.labels.programs }).click();
  await expect(page).toHaveURL(/\?kind=program&level=beginner$/);
  await levels.getByRole("link", { name: texts.labels.list2 }).click();
  await expect(page).toHaveURL(/\?kind=program&level=advance$/);
  const programs = await bank("and kind = 'program' and level = 'advance'");
  await expect(page.locator(".question-item__title")).toHaveText(programs.map((r) => r.title));
  await expect(levels.getByRole("link", { name: texts.labels.list2 })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => [localStorage.getItem("selectedCard"), localStorage.getItem("selectedSubCard")])).toEqual([
    "3",
    "List 2",
  ]);

  // An address without a choice shows the stored one.
  await page.goto("/javascript-questions");
  await expect(page).toHaveURL(/\?kind=program&level=advance$/);
  await expect(page.locator(".question-item__title")).toHaveText(programs.map((r) => r.title));
});

test("a home card's choice arrives on the list page", async ({ page, baseURL }) => {
  await signUp(page, baseURL!);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("link", { name: texts.home.cards[1]!.title }).click();
  await expect(page).toHaveURL(/\/javascript-questions\?kind=console&level=beginner$/);
  await expect(page.getByRole("navigation", { name: q.kindsLabel }).getByRole("link", { name: texts.labels.console })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const consoles = await bank("and kind = 'console' and level = 'beginner'");
  await expect(page.locator(".question-item__title")).toHaveText(consoles.map((r) => r.title));
  expect(await page.evaluate(() => localStorage.getItem("selectedCard"))).toBe("2");
});

test("a console question shows code and options, and reveals the output and the explanation", async ({ page }) => {
  const [question] = await bank("and kind = 'console'");
  const content = JSON.parse(question!.content) as { output: string; options: string[] };
  const response = await page.goto(`/javascript-questions/${question!.id}`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(question!.title);
  await expect(page.locator(".code-block .hljs-keyword, .code-block .hljs-title, .code-block .hljs-string").first()).toBeVisible();
  await expect(page.locator(".console-options > li")).toHaveCount(4);
  await expect(page.locator(".console-options__text")).toHaveText(content.options);
  const output = page.locator(".console-output").first();
  await expect(output).toBeHidden();
  await page.getByText(q.showOutput).click();
  await expect(page.getByRole("heading", { name: texts.labels.output, exact: true })).toBeVisible();
  await expect(output).toHaveText(content.output);
  await expect(page.getByRole("heading", { name: texts.labels.explanation, exact: true })).toBeVisible();
  await expectAccessible(page);
});

test("a console question is answered on its page: a wrong pick, then the right one, each with a verdict naming the answer", async ({
  page,
}) => {
  const [question] = await bank("and kind = 'console' and level = 'beginner'");
  const content = JSON.parse(question!.content) as { output: string; options: string[]; correctOption: number };
  const right = content.correctOption;
  const wrong = (right + 1) % content.options.length;
  const letter = (index: number) => String.fromCharCode(65 + index);
  await page.goto(`/javascript-questions/${question!.id}`);
  const answer = page.getByRole("group", { name: q.pickOutput });
  await expect(answer.getByRole("radio")).toHaveCount(4);
  // Nothing gives the answer away before the reader commits.
  await expect(page.locator(".console-output").first()).toBeHidden();
  await expect(page.getByRole("button", { name: q.runIt })).toBeHidden();
  await expect(page.getByRole("status")).toHaveCount(0);

  await answer.getByRole("radio").nth(wrong).check();
  await page.getByRole("button", { name: q.checkAnswer }).click();
  await expect(page).toHaveURL(/#console-answer$/);
  await expect(page.getByRole("status")).toHaveText(fill(q.consoleWrong, { chosen: letter(wrong), letter: letter(right) }));
  await expect(answer.getByRole("radio").nth(wrong)).toBeChecked();
  await expect(page.locator(".console-options__item--correct")).toContainText(q.theAnswer);
  await expect(page.locator(".console-options__item--wrong")).toContainText(q.yourAnswer);
  // Committed: the output and the explanation are open, no "Show output" needed.
  await expect(page.locator(".console-output").first()).toHaveText(content.output);
  await expect(page.getByRole("heading", { name: texts.labels.explanation, exact: true })).toBeVisible();
  await expectAccessible(page);

  await answer.getByRole("radio").nth(right).check();
  await page.getByRole("button", { name: q.checkAgain }).click();
  await expect(page.getByRole("status")).toHaveText(fill(q.consoleRight, { letter: letter(right) }));
  await expect(page.locator(".console-options__item--wrong")).toHaveCount(0);
});

test("a question page has its breadcrumb, answer on demand, structured data and previous/next links", async ({ page, baseURL }) => {
  const theory = await bank("and kind = 'theory' and level = 'advance'");
  const [first, second] = theory;
  await page.goto(`/javascript-questions/${first!.id}`);
  await waitForHydration(page);
  await expect(page).toHaveTitle(`${first!.title} – JavaScript | DevPrep`);
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}/javascript-questions/${first!.id}`);
  const breadcrumb = page.getByRole("navigation", { name: q.breadcrumb });
  await expect(breadcrumb.getByRole("link")).toHaveText([
    "JavaScript",
    texts.labels.theory,
    `${texts.labels.list2} (${texts.labels.advance})`,
  ]);

  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({
    "@type": "QAPage",
    mainEntity: { "@type": "Question", name: first!.title, acceptedAnswer: { "@type": "Answer" } },
  });
  expect(data.mainEntity.acceptedAnswer.text.length).toBeGreaterThan(20);

  const answer = page.getByRole("heading", { name: texts.labels.answer, exact: true });
  await expect(answer).toBeHidden();
  await page.getByText(q.showAnswer).click();
  await expect(answer).toBeVisible();
  await expect(page.locator(".key-points li").first()).toBeVisible();

  await page.getByRole("link", { name: new RegExp(`^${q.next}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/javascript-questions/${second!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second!.title);
  await page.getByRole("link", { name: new RegExp(`^${q.previous}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/javascript-questions/${first!.id}$`));
});

test("an unknown question answers 404 with a way back to its list", async ({ page }) => {
  const response = await page.goto("/javascript-questions/no-such-question");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(q.notFound);
  await page.getByRole("link", { name: fill(q.backToList, { technology: "JavaScript" }) }).click();
  await expect(page).toHaveURL(/\/javascript-questions/);
});

test("a programming challenge shows its task and starting code, with the solution behind a click", async ({ page }) => {
  const [challenge] = await bank("and kind = 'program'");
  await page.goto(`/javascript-questions/${challenge!.id}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: q.statement })).toBeVisible();
  await expect(page.getByRole("heading", { name: q.starter })).toBeVisible();
  const solution = page.locator(".reveal .code-block");
  await expect(solution).toBeHidden();
  await page.getByText(q.showSolution).click();
  await expect(solution).toBeVisible();
});

test("the sitemap lists the question lists and every question", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const { slug } of technologies) expect(xml).toContain(`/${slug}-questions</loc>`);
  for (const row of await bank()) expect(xml).toContain(`/javascript-questions/${row.id}</loc>`);
  expect(xml).toMatch(/\/javascript-questions\?kind=console(&amp;|&#38;)level=beginner<\/loc>/);
  // The first view of a list is the list's own address, listed once.
  expect(xml).not.toMatch(/\/javascript-questions\?kind=theory(&amp;|&#38;)level=beginner<\/loc>/);
});

test("search finds questions by their words, marks the matches and narrows with filters", async ({ page }) => {
  await page.goto("/search");
  await waitForHydration(page);
  await expect(page.getByText(searchTexts.hint)).toBeVisible();
  await page.getByLabel(searchTexts.label).fill("promise");
  await page.getByRole("button", { name: searchTexts.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=promise/);
  const results = page.locator(".search-result");
  await expect(results.first()).toBeVisible();
  const all = await results.count();
  await expect(results.first().locator("mark").first()).toHaveText(/^promise/i);
  await expectAccessible(page);

  // Narrow to expert console questions: fewer than a full page of every kind and level.
  await page.getByLabel(searchTexts.kind).selectOption("console");
  await page.getByLabel(searchTexts.level).selectOption("expert");
  await page.getByRole("button", { name: searchTexts.submit, exact: true }).click();
  await expect(page).toHaveURL(/kind=console/);
  await expect(page).toHaveURL(/level=expert/);
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeLessThan(all);
  for (const meta of await page.locator(".search-result__meta").allTextContents()) {
    expect(meta).toContain(texts.labels.console);
    expect(meta).toContain(texts.labels.list3);
  }

  const title = (await results.first().locator(".search-result__title").textContent())!;
  await results.first().locator(".search-result__title").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  await page.goto("/search?q=xylophonequartz");
  await expect(page.getByText(fill(searchTexts.none, { query: "xylophonequartz" }))).toBeVisible();
});

/** Clicks a progress toggle and waits until the server has stored the change. */
async function saved(page: Page, click: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes("/api/progress/questions/") && r.request().method() === "PUT");
  await click();
  expect((await response).status()).toBe(200);
}

test.describe("progress", () => {
  test("visitors read everything but get no marks", async ({ page }) => {
    await page.goto("/javascript-questions");
    await expect(page.getByText(q.signInForProgress)).toBeVisible();
    await expect(page.getByRole("button", { name: q.done, exact: true })).toHaveCount(0);
  });

  test("done and bookmark marks survive a reload and show on the bookmarks page", async ({ page, baseURL }) => {
    await signUp(page, baseURL!);
    const theory = await bank("and kind = 'theory' and level = 'beginner'");
    await page.goto("/javascript-questions?kind=theory&level=beginner");
    await waitForHydration(page);
    const total = (await bank()).length;
    const meter = page.locator(".progress-meter__text");
    await expect(meter).toContainText(fill(q.progress, { done: 0, total }));

    const first = page.getByRole("group", { name: theory[0]!.title });
    const second = page.getByRole("group", { name: theory[1]!.title });
    await saved(page, () => first.getByRole("button", { name: q.done }).click());
    await expect(first.getByRole("button", { name: q.done })).toHaveAttribute("aria-pressed", "true");
    await expect(meter).toContainText(fill(q.progress, { done: 1, total }));
    await saved(page, () => second.getByRole("button", { name: q.bookmark }).click());
    await expect(second.getByRole("button", { name: q.bookmark })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page);

    await page.reload();
    await expect(first.getByRole("button", { name: q.done })).toHaveAttribute("aria-pressed", "true");
    await expect(first.getByRole("button", { name: q.bookmark })).toHaveAttribute("aria-pressed", "false");
    await expect(second.getByRole("button", { name: q.bookmark })).toHaveAttribute("aria-pressed", "true");
    await expect(meter).toContainText(fill(q.progress, { done: 1, total }));

    await page.getByRole("link", { name: q.bookmarksLink }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(bookmarkTexts.title);
    await expect(page.locator(".bookmark-list__title")).toHaveText([theory[1]!.title]);
    await expect(page.locator(".progress-meter").filter({ hasText: "JavaScript" })).toContainText(fill(q.progress, { done: 1, total }));
    await expectAccessible(page);

    // The question page carries the same marks, and undoing one is saved too.
    await page.locator(".bookmark-list__title").click();
    const own = page.getByRole("group", { name: theory[1]!.title });
    await expect(own.getByRole("button", { name: q.bookmark })).toHaveAttribute("aria-pressed", "true");
    await saved(page, () => own.getByRole("button", { name: q.bookmark }).click());
    await expect(own.getByRole("button", { name: q.bookmark })).toHaveAttribute("aria-pressed", "false");
    await page.goto("/bookmarks");
    await expect(page.getByText(bookmarkTexts.empty)).toBeVisible();
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: /net::ERR_FAILED/ });
    test("a mark that cannot be saved is undone and says so", async ({ page, baseURL }) => {
      await signUp(page, baseURL!);
      await page.goto("/javascript-questions");
      await waitForHydration(page);
      await page.route("**/api/progress/questions/**", (route) => route.abort());
      const toggle = page.locator(".progress-toggles").first().getByRole("button", { name: q.done });
      await toggle.click();
      // Content pages have no toaster: the message shows by the toggles, read out as an alert.
      await expect(page.locator(".progress-toggles").first().getByRole("alert")).toHaveText(q.markFailed);
      await expect(toggle).toHaveAttribute("aria-pressed", "false");
    });
  });
});

test("practice mode hides answers and levels until asked, and a fresh attempt starts over", async ({ page }) => {
  await page.goto("/javascript-questions?kind=theory&level=beginner");
  await waitForHydration(page);
  const levels = page.getByRole("navigation", { name: q.levelsLabel });
  await expect(levels).toContainText(texts.labels.beginner);
  await page.getByRole("switch", { name: q.practiceMode }).check();
  await expect(levels).not.toContainText(texts.labels.beginner);
  await expect(page.locator(".question-main__heading")).not.toContainText(texts.labels.beginner);

  const item = page.locator(".question-item").first();
  await item.locator("summary").first().click();
  const answer = item.getByRole("heading", { name: texts.labels.answer, exact: true });
  await expect(answer).toBeHidden();
  await item.getByText(q.showAnswer).click();
  await expect(answer).toBeVisible();

  await page.getByRole("button", { name: q.freshAttempt }).click();
  await expect(answer).toBeHidden();
  await expect(item.locator(".question-item__body")).toBeHidden();

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("switch", { name: q.practiceMode })).toBeChecked();
  await page.getByRole("switch", { name: q.practiceMode }).uncheck();
  await expect(levels).toContainText(texts.labels.beginner);
});

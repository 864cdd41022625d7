import type { Locator, Page } from "@playwright/test";
import { challengeTexts as c, fill, interviewTexts as t } from "../../app/lib/texts";
import { acceptCookies, expect, expectAccessible, openSiteDatabase, signUp, test, waitForHydration } from "./fixtures";

/** Issue #13: a mock interview with the built-in interviewer, from the set-up form to the report and the history chart. */

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!);
});

interface Turn {
  kind: string;
  content: string;
}

/** What the server asked at a position (the test plays a candidate who knows the bank). */
async function turnAt(id: string, position: number): Promise<{ kind: string; output: string; answer: string; solution: string }> {
  const db = await openSiteDatabase();
  try {
    const row = db
      .prepare(
        "select t.kind, q.content from interview_turn t join question q on q.id = t.question_id where t.session_id = ? and t.position = ?",
      )
      .get(id, position) as Turn;
    const content = JSON.parse(row.content) as {
      output: string | null;
      answerHtml: string | null;
      explanationHtml: string | null;
      solution: { source: string } | null;
    };
    const text = (html: string | null) => (html ?? "").replace(/<[^>]+>/g, " ").replace(/&[a-z#0-9]+;/g, " ");
    return {
      kind: row.kind,
      output: content.output ?? "",
      answer: `${text(content.answerHtml)} ${text(content.explanationHtml)}`,
      solution: content.solution?.source ?? "",
    };
  } finally {
    db.close();
  }
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const progress = (page: Page) => page.locator(".interview__progress");
const answerBox = (page: Page) => page.getByRole("textbox", { name: /^Your answer/ });

/** Sends a written answer; if the interviewer follows up, moves on without answering it. */
async function answerAndMoveOn(page: Page, text: string, position: number) {
  await answerBox(page).fill(text);
  await page.getByRole("button", { name: t.submit }).click();
  const next = progress(page).filter({ hasText: fill(t.progress, { position: position + 2, total: 5 }) });
  const followUp = page.getByRole("button", { name: t.skipFollowUp });
  await expect(next.or(followUp)).toBeVisible();
  if (await followUp.isVisible()) await followUp.click();
  await expect(next).toBeVisible();
}

test("a whole built-in interview: a follow-up, a hint, the coding task, resuming after a reload, the report and the history chart", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUp(page, baseURL!);
  await page.goto("/interview");
  await waitForHydration(page);
  await expect(heading(page)).toHaveText(t.title);
  await page.getByLabel(t.track).selectOption("javascript");
  await expectAccessible(page);
  await page.getByRole("button", { name: t.start }).click();
  await expect(page).toHaveURL(/\/interview\/[\w-]+$/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await waitForHydration(page);

  // 1. Theory: a weak answer draws one follow-up on a key point it missed.
  await expect(progress(page)).toHaveText(fill(t.progress, { position: 1, total: 5 }));
  await expect(heading(page)).toHaveText(t.kinds.theory);
  await expect(page.getByRole("timer")).toContainText("left");
  await answerBox(page).fill("I'm not sure, something about how JavaScript works.");
  await page.getByRole("button", { name: t.submit }).click();
  await expect(page.getByText(/^Before we move on, one more thing I was listening for: /)).toBeVisible();
  await expect(page.getByLabel(t.followUpLabel)).toBeVisible();
  await expectAccessible(page);

  // The set-up page offers to resume it.
  await page.goto("/interview");
  await page.getByRole("link", { name: t.resume }).click();
  await expect(page).toHaveURL(new RegExp(`/interview/${id}$`));
  await waitForHydration(page);

  // A reload resumes at the follow-up, and what was typed (not yet sent) is still there.
  await page.getByLabel(t.followUpLabel).fill("Half an answer, not sent yet");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText(/^Before we move on/)).toBeVisible();
  await expect(page.getByLabel(t.followUpLabel)).toHaveValue("Half an answer, not sent yet");
  const first = await turnAt(id, 0);
  await page.getByLabel(t.followUpLabel).fill(first.answer);
  await page.getByRole("button", { name: t.submit }).click();

  // 2. Console: a hint (it costs 10 points), then the output and why.
  await expect(progress(page)).toHaveText(fill(t.progress, { position: 2, total: 5 }));
  await expect(heading(page)).toHaveText(t.kinds.console);
  // Focus moves to the new question, and screen readers hear it once it has been said whole.
  await expect(heading(page)).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: fill(t.progress, { position: 2, total: 5 }) })).toHaveCount(1);
  await page.getByRole("button", { name: t.hint }).click();
  await expect(page.getByRole("heading", { name: t.hintsTitle })).toBeVisible();
  await expect(page.locator(".interview-hints li")).toHaveCount(1);
  await expect(page.locator(".interview-hints li")).toContainText(/^Think about /);
  const second = await turnAt(id, 1);
  await answerAndMoveOn(page, `${second.output}\n\n${second.answer}`, 1);

  // 3. Theory: skipped.
  await page.getByRole("button", { name: t.skip }).click();

  // 4. The coding task in the runner: the reference solution passes every test, then it is handed in.
  await expect(progress(page)).toHaveText(fill(t.progress, { position: 4, total: 5 }));
  await expect(heading(page)).toHaveText(t.kinds.program);
  await expect(page.getByRole("button", { name: t.handIn })).toBeDisabled();
  const fourth = await turnAt(id, 3);
  await expect(page.locator(".cm-content")).toBeVisible();
  await page.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(fourth.solution);
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.locator(".test-results__summary")).toHaveText(/^All \d+ tests passed/);
  await page.getByRole("button", { name: t.handIn }).click();

  // 5. Theory: the bank's own answer.
  await expect(progress(page)).toHaveText(fill(t.progress, { position: 5, total: 5 }));
  const fifth = await turnAt(id, 4);
  await answerBox(page).fill(fifth.answer);
  await page.getByRole("button", { name: t.submit }).click();
  const followUp = page.getByRole("button", { name: t.skipFollowUp });
  const report = page.getByRole("heading", { level: 1, name: t.reportTitle });
  await expect(report.or(followUp)).toBeVisible();
  if (await followUp.isVisible()) await followUp.click();

  // The report: the overall score, every answer with the rubric and the words that earned each point.
  await expect(report).toBeVisible();
  await expect(report).toBeFocused();
  await expect(page.getByText(t.overall)).toBeVisible();
  const turns = page.locator(".interview-turn");
  await expect(turns).toHaveCount(5);
  await expect(turns.nth(0).getByText(/^Before we move on/)).toBeVisible();
  await expect(turns.nth(0).locator(".interview-rubric__evidence").first()).toBeVisible();
  await expect(turns.nth(1).getByText(fill(t.hintsUsed, { count: 1, points: 10 }))).toBeVisible();
  await expect(turns.nth(1).getByText(/^Output: \d+ of \d+ lines right\.$/)).toBeVisible();
  await expect(turns.nth(2).getByText(fill(t.questionScore, { score: 0 }))).toBeVisible();
  await expect(turns.nth(3).getByText(/^Tests: (\d+) of \1 passed\.$/)).toBeVisible();
  await expect(turns.nth(3).getByText(fill(t.questionScore, { score: 100 }))).toBeVisible();
  await turns.nth(0).getByText(t.modelAnswer, { exact: true }).click();
  await expect(turns.nth(0).locator(".interview-turn__model .question-prose")).toBeVisible();
  await expect(page.getByRole("heading", { name: t.topicsTitle })).toBeVisible();
  await expect(page.locator(".interview-study a").first()).toBeVisible();
  await expectAccessible(page);

  // History: the chart of scores over time and the list.
  await page.getByRole("link", { name: t.historyLink }).click();
  await expect(heading(page)).toHaveText(t.historyTitle);
  await expect(page.locator(".score-chart [role=img]")).toHaveAttribute("aria-label", /JavaScript/);
  await expect(page.locator(".score-chart__point")).toHaveCount(1);
  await expect(page.getByRole("link", { name: t.view })).toHaveAttribute("href", `/interview/${id}`);
  await expectAccessible(page);
});

interface ApiState {
  interview: { id: string };
  current: { position: number; kind: string; stage: string } | null;
}

/** Plays a five-question interview to the end through the API: the bank's answers, the reference solution, follow-ups passed. */
async function finishThroughApi(page: Page, baseURL: string): Promise<string> {
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { data, headers: { Origin: baseURL } });
    expect(response.status()).toBeLessThan(300);
    return (await response.json()) as ApiState;
  };
  let state = await post("/api/interviews", { track: "javascript", level: "beginner", questionCount: 5 });
  const id = state.interview.id;
  while (state.current) {
    const { position, kind, stage } = state.current;
    const known = await turnAt(id, position);
    const data =
      kind === "program"
        ? { position, code: known.solution, testsPassed: 3, testsTotal: 3 }
        : stage === "follow-up"
          ? { position, answer: "" }
          : { position, answer: kind === "console" ? `${known.output}\n\n${known.answer}` : known.answer };
    state = await post(`/api/interviews/${id}/answers`, data);
  }
  return id;
}

/** The first number in a score's text ("67 / 100 (provisional)" is 67). */
async function scoreIn(locator: Locator): Promise<number> {
  return Number(/\d+/.exec((await locator.textContent()) ?? "")![0]);
}

test("the report shows each key point's status and who graded, and the self-check makes the scores final (issue #34)", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUp(page, baseURL!);
  const id = await finishThroughApi(page, baseURL!);
  await page.goto(`/interview/${id}`);
  await waitForHydration(page);
  await expect(heading(page)).toHaveText(t.reportTitle);

  // Provisional until checked, with what the score means said once.
  const overall = page.locator(".interview-report__overall strong");
  await expect(overall).toContainText(`(${t.provisional})`);
  await expect(page.getByText(t.scoreMeaning)).toHaveCount(1);
  const engineOverall = await scoreIn(overall);

  // Who graded each answer, and what the engine found of each key point: an icon and a word.
  const turns = page.locator(".interview-turn");
  const builtIn = fill(t.gradedBy, { engine: t.engines.builtIn });
  await expect(turns.nth(0).locator(".interview-turn__meta")).toContainText(builtIn);
  await expect(turns.nth(1).locator(".interview-turn__meta")).toContainText(fill(t.consoleGradedBy, { engine: t.engines.builtIn }));
  await expect(turns.nth(3).locator(".interview-turn__meta")).toContainText(t.testsGraded);
  const verdicts = turns.nth(0).locator(".interview-rubric .key-point-status__verdict");
  expect(await verdicts.count()).toBeGreaterThan(0);
  for (const verdict of await verdicts.allTextContents()) expect(Object.values(t.status)).toContain(verdict);
  await expect(turns.nth(0).locator(".interview-rubric .key-point-status__verdict svg").first()).toBeVisible();

  // The self-check: every written answer's key points as labelled checkboxes, the engine's ticks filled in.
  const check = page.locator("#self-check");
  await expect(check.getByRole("heading", { name: t.selfCheckTitle })).toBeVisible();
  await expect(check.locator("fieldset")).toHaveCount(4);
  await expectAccessible(page);

  // Untick one key point of a theory answer whose score that changes.
  let picked: { position: number; engine: number; checked: number; unticked: number } | null = null;
  for (const position of [0, 2, 4]) {
    const group = check.getByRole("group", { name: new RegExp(`^${position + 1}\\. `) });
    const boxes = group.getByRole("checkbox");
    const states = await Promise.all((await boxes.all()).map((box) => box.isChecked()));
    const core = await Promise.all(
      (await group.locator(".self-check__point").all()).map(async (item) => (await item.locator(".self-check__core").count()) > 0),
    );
    const ticked = states.filter(Boolean).length;
    const engine = await scoreIn(turns.nth(position).locator(".interview-score"));
    // The first ticked box is unticked; the rest weigh as the report says: core points 70%, the others 30%.
    const after = states.map((state, i) => state && i !== states.indexOf(true));
    const share = (wanted: boolean) => {
      const list = after.filter((_, i) => core[i] === wanted);
      return list.length ? list.filter(Boolean).length / list.length : null;
    };
    const [coreShare, depthShare] = [share(true), share(false)];
    const checked = Math.round(
      100 * (coreShare === null ? depthShare! : depthShare === null ? coreShare : 0.7 * coreShare + 0.3 * depthShare),
    );
    if (ticked === 0 || checked === engine) continue;
    // With the keyboard: focus the first ticked box and press Space.
    await boxes.nth(states.indexOf(true)).focus();
    await page.keyboard.press("Space");
    await expect(boxes.nth(states.indexOf(true))).not.toBeChecked();
    picked = { position, engine, checked, unticked: states.length - ticked + 1 };
    break;
  }
  expect(picked, "a theory answer with a ticked key point").not.toBeNull();
  const { position, engine, checked, unticked } = picked!;
  await page.getByRole("button", { name: t.selfCheckConfirm }).click();

  // The scores are final: the check is gone, focus is on the news, and both scores are shown.
  await expect(page.getByText(t.selfChecked)).toBeFocused();
  await expect(check).toHaveCount(0);
  await expect(overall).not.toContainText(t.provisional);
  await expect(turns.nth(position).locator(".interview-score")).toHaveText(fill(t.questionScore, { score: checked }));
  await expect(turns.nth(position).getByText(fill(t.turnScores, { engine, checked }))).toBeVisible();
  await expect(turns.nth(position).getByText(t.checkedNo)).toHaveCount(unticked);
  await expect(page.getByText(fill(t.engineScore, { score: engineOverall }))).toBeVisible();
  const scores = await Promise.all((await turns.locator(".interview-score").all()).map(scoreIn));
  const final = Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
  await expect(overall).toHaveText(fill(t.scoreOutOf, { score: final }));
  await expectAccessible(page);

  // The history names who graded it, with the final score.
  await page.goto("/interview/history");
  const row = page.getByRole("row").filter({ has: page.locator(`a[href="/interview/${id}"]`) });
  await expect(row).toContainText(builtIn);
  await expect(row.locator(".data-table__number")).toHaveText(String(final));
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the self-check is a plain form: confirming it makes the scores final", async ({ page, baseURL }) => {
    await signUp(page, baseURL!);
    const id = await finishThroughApi(page, baseURL!);
    await page.goto(`/interview/${id}`);
    await expect(page.locator(".interview-report__overall strong")).toContainText(`(${t.provisional})`);
    const box = page.locator("#self-check").getByRole("checkbox").first();
    await box.setChecked(!(await box.isChecked()));
    await page.getByRole("button", { name: t.selfCheckConfirm }).click();
    await expect(page).toHaveURL(new RegExp(`/interview/${id}$`));
    await expect(page.getByText(t.selfChecked)).toBeVisible();
    await expect(page.locator("#self-check")).toHaveCount(0);
    await expect(page.locator(".interview-report__overall strong")).not.toContainText(t.provisional);
  });
});

test("visitors see the set-up and are asked to log in; only the set-up is indexed; another user's interview is not found", async ({
  page,
  baseURL,
}) => {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  expect(xml).toContain(`<loc>${baseURL}/interview</loc>`);
  expect(xml).not.toContain("/interview/");
  await page.goto("/interview");
  await waitForHydration(page);
  await expect(page.getByText(t.signedOut)).toBeVisible();
  await expect(page.getByRole("button", { name: t.start })).toHaveCount(0);
  await signUp(page, baseURL!, "Grace Hopper");
  const created = await page.request.post("/api/interviews", {
    data: { track: "css", level: "beginner", questionCount: 5 },
    headers: { Origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { interview } = (await created.json()) as { interview: { id: string } };
  await page.context().clearCookies();
  await acceptCookies(page, baseURL!);
  await signUp(page, baseURL!, "Someone Else");
  const response = await page.goto(`/interview/${interview.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

import { data } from "react-router";
import { ProgressMeter } from "~/features/questions/progress-meter";
import { QuestionList } from "~/features/questions/question-list";
import { SegmentedNav } from "~/features/questions/segmented-nav";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { KINDS, type Kind, LEVELS, type Level, technologies, technologyOfPath } from "~/lib/technologies";
import { fill, quizTexts, questionTexts as t } from "~/lib/texts";
import { doneInTechnology, marksFor } from "../../server/progress/progress-service";
import { LIST_PAGE_SIZE, countQuestions, decodeListCursor, listQuestionSummaries } from "../../server/questions/question-service";
import { markAction } from "../../server/progress/mark-form";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/question-list";
import { contentPage, loadAsDocument } from "~/lib/page-cache";

const asKind = (value: string | null) => ((KINDS as readonly string[]).includes(value ?? "") ? (value as Kind) : null);
const asLevel = (value: string | null) => ((LEVELS as readonly string[]).includes(value ?? "") ? (value as Level) : null);

// A content page (docs/decisions/018): HTML with the question-list and marks islands; visitors
// get it from the page cache until the question bank changes.
export const handle = contentPage("questions");
export const clientLoader = loadAsDocument;

// "Done" and "Bookmark" posted without scripts: back to the item.
export const action = (args: Route.ActionArgs) => markAction(args, { anchor: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const technology = technologyOfPath(url.pathname);
  if (!technology) throw data(null, { status: 404 });
  const [counts, user] = await Promise.all([countQuestions(context.services), currentUser(context.services, request.headers)]);
  const mine = counts[technology.slug];
  // Kinds with no questions are not offered; a link to one lands on the first that has some.
  const offered = KINDS.filter((k) => mine[k].beginner + mine[k].advance + mine[k].expert > 0);
  const requestedKind = asKind(url.searchParams.get("kind"));
  const kind = requestedKind && offered.includes(requestedKind) ? requestedKind : (offered[0] ?? "theory");
  const level = asLevel(url.searchParams.get("level")) ?? "beginner";
  const cursor = url.searchParams.get("after");
  const after = decodeListCursor(cursor);
  // Titles only: the page's answers come from the API as HTML (contentUrl) once it is in the
  // browser (app/islands/question-list.ts), so the page stays light for the many who skim.
  const page = offered.length
    ? await listQuestionSummaries(context.services, { technology: technology.slug, kind, level }, after)
    : { questions: [], nextCursor: null };
  // Signed-in readers see their marks and progress; visitors read everything without them.
  // The total is already in the counts; only the user's done count is asked for.
  const [marks, done] = user
    ? await Promise.all([
        marksFor(
          context.services,
          user,
          page.questions.map((q) => q.id),
        ),
        doneInTechnology(context.services, user, technology.slug),
      ])
    : [null, null];
  return {
    technology,
    kind,
    level,
    offered,
    counts,
    marks,
    progress: done === null ? null : { done, total: mine.total },
    explicit: Boolean(requestedKind || url.searchParams.get("level")),
    paged: Boolean(after),
    contentUrl: `/api/questions?${new URLSearchParams({ technology: technology.slug, kind, level, limit: String(LIST_PAGE_SIZE), include: "html", ...(after ? { after: cursor! } : {}) })}`,
    ...page,
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  if (!loaded) return [];
  const name = loaded.technology.name;
  const isDefault = loaded.kind === (loaded.offered[0] ?? "theory") && loaded.level === "beginner";
  return pageMeta({
    title: `${fill(t.listTitle, { technology: name })}${isDefault ? "" : ` – ${t.kinds[loaded.kind]}, ${t.levels[loaded.level]}`}`,
    description: isDefault
      ? fill(t.listDescription, { technology: name })
      : fill(t.listViewDescription, {
          technology: name,
          kind: t.kinds[loaded.kind].toLowerCase(),
          level: t.levels[loaded.level].toLowerCase(),
        }),
    path: `/${loaded.technology.slug}-questions${isDefault ? "" : `?kind=${loaded.kind}&level=${loaded.level}`}`,
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: loaded.paged,
  });
};

export default function QuestionListPage({ loaderData, actionData }: Route.ComponentProps) {
  const { technology, kind, level, offered, counts, questions, nextCursor, explicit, contentUrl, marks, progress } = loaderData;
  const mine = counts[technology.slug];
  const base = `/${technology.slug}-questions`;
  const kindCount = (k: Kind) => mine[k].beginner + mine[k].advance + mine[k].expert;
  return (
    <div className="page question-page-layout">
      <div
        className="question-main"
        data-island="question-list"
        data-base={base}
        data-kind={kind}
        data-level={level}
        data-explicit={String(explicit)}
        data-content-url={questions.length ? contentUrl : undefined}
        data-loading={t.answerLoading}
        data-failed={t.answerFailed}
        data-retry={t.retry}
        data-progress-template={t.progress}
      >
        <header className="question-header">
          <h1>{fill(t.listTitle, { technology: technology.name })}</h1>
          <p className="question-header__intro">{fill(t.intro, { count: mine.total })}</p>
          <p className="question-header__quiz">
            <a className="button button--outline button--small" href={`/quizzes?technology=${technology.slug}`}>
              {fill(quizTexts.takeQuiz, { technology: technology.name })}
            </a>
          </p>
          {progress ? (
            <ProgressMeter label={fill(t.progressLabel, { technology: technology.name })} done={progress.done} total={progress.total}>
              <a href="/bookmarks">{t.bookmarksLink}</a>
            </ProgressMeter>
          ) : (
            <p className="question-header__signin">{t.signInForProgress}</p>
          )}
          {actionData?.markError && (
            <p className="form-banner form-banner--error" role="alert">
              {actionData.markError}
            </p>
          )}
        </header>
        {offered.length > 0 && (
          <>
            <SegmentedNav
              label={t.kindsLabel}
              className="segmented--kinds"
              items={offered.map((k) => ({
                key: k,
                to: `${base}?kind=${k}&level=${level}`,
                current: k === kind,
                label: <span>{t.kinds[k]}</span>,
                count: kindCount(k),
              }))}
            />
            <SegmentedNav
              label={t.levelsLabel}
              className="segmented--levels"
              items={LEVELS.map((l) => ({
                key: l,
                to: `${base}?kind=${kind}&level=${l}`,
                current: l === level,
                label: (
                  <>
                    <span>{t.lists[l]}</span>
                    {/* Practice mode hides the levels (app/islands/question-list.ts). */}
                    <span className="segmented__sub" data-practice-hide>
                      {t.levels[l]}
                    </span>
                  </>
                ),
                count: mine[kind][l],
              }))}
            />
          </>
        )}
        <h2 className="question-main__heading">
          {t.kinds[kind]} · {t.lists[level]}
          <span data-practice-hide>{` (${t.levels[level]})`}</span>
        </h2>
        <QuestionList questions={questions} marks={marks} />
        {nextCursor && (
          <p className="question-list__more">
            <a className="button button--outline" href={`${base}?kind=${kind}&level=${level}&after=${nextCursor}`}>
              {t.more}
            </a>
          </p>
        )}
      </div>
      <aside className="question-aside" aria-labelledby="other-technologies">
        <h2 id="other-technologies">{t.otherTechnologies}</h2>
        <ul>
          {technologies.map((tech) => (
            <li key={tech.slug}>
              <a href={`/${tech.slug}-questions`} aria-current={tech.slug === technology.slug ? "page" : undefined}>
                {tech.name}
              </a>
              <span className="question-aside__count">{counts[tech.slug].total}</span>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

import { Link } from "react-router";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { ProgressMeter } from "~/features/questions/progress-meter";
import { questionPath } from "~/lib/technologies";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { technologies, technologyBySlug } from "~/lib/technologies";
import { bookmarkTexts as t, fill, questionTexts } from "~/lib/texts";
import { listBookmarks, progressByTechnology } from "../../server/progress/progress-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/bookmarks";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  if (!user) return { signedIn: false as const, progress: null, bookmarks: [] };
  const [progress, bookmarks] = await Promise.all([progressByTechnology(context.services, user), listBookmarks(context.services, user)]);
  return { signedIn: true as const, progress, bookmarks };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.title,
    description: t.description,
    path: "/bookmarks",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function Bookmarks({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignInPrompt title={t.title} text={t.signedOut} button={t.login} />;
  const { progress, bookmarks } = loaderData;
  return (
    <div className="page bookmarks-page">
      <h1>{t.title}</h1>
      <section aria-labelledby="progress-title">
        <h2 id="progress-title">{t.progressTitle}</h2>
        <ul className="progress-list">
          {technologies
            .filter((tech) => progress[tech.slug].total > 0)
            .map((tech) => (
              <li key={tech.slug}>
                <ProgressMeter label={tech.name} done={progress[tech.slug].done} total={progress[tech.slug].total}>
                  <Link to={`/${tech.slug}-questions`}>{fill(t.openList, { technology: tech.name })}</Link>
                </ProgressMeter>
              </li>
            ))}
        </ul>
      </section>
      <section aria-labelledby="bookmarks-title">
        <h2 id="bookmarks-title">{t.bookmarksTitle}</h2>
        {bookmarks.length === 0 ? (
          <p className="bookmarks-page__empty">{t.empty}</p>
        ) : (
          <ul className="bookmark-list">
            {bookmarks.map((b) => (
              <li key={b.id} className="bookmark-list__item">
                <Link to={questionPath(b)} className="bookmark-list__title">
                  {b.title}
                </Link>
                <span className="bookmark-list__meta">
                  {technologyBySlug(b.technology)?.name} · {questionTexts.kinds[b.kind]} · {questionTexts.lists[b.level]}
                </span>
                {b.done && <span className="status-badge status-badge--approved">{t.doneBadge}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

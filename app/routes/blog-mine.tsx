import { Link } from "react-router";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { formatLongDate } from "~/lib/dates";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { blogTexts as t } from "~/lib/texts";
import { listOwnPosts } from "../../server/blog/blog-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/blog-mine";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  return { posts: user ? await listOwnPosts(context.services, user) : null };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.minePosts,
    description: t.writeDescription,
    path: "/devinsights/mine",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function MyPosts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.posts) return <SignInPrompt title={t.minePosts} text={t.signInToWrite} button={t.login} />;
  return (
    <div className="page page--narrow">
      <h1>{t.minePosts}</h1>
      <p>
        <Link className="button button--primary" to="/devinsights/new">
          {t.write}
        </Link>
      </p>
      {loaderData.posts.length === 0 ? (
        <p>{t.mineEmpty}</p>
      ) : (
        <ul className="my-posts">
          {loaderData.posts.map((post) => (
            <li key={post.id} className="my-posts__item">
              <Link to={`/blog/${post.id}`} className="my-posts__title">
                {post.title}
              </Link>
              <span className={`status-badge status-badge--${post.status}`}>{t.status[post.status]}</span>
              <span className="my-posts__date">
                {t.submittedOn} {formatLongDate(post.updated_at)}
              </span>
              {post.moderator_note && (
                <p className="my-posts__note">
                  {t.moderatorNote} {post.moderator_note}
                </p>
              )}
              {(post.status === "pending" || post.status === "rejected") && (
                <Link to={`/devinsights/edit/${post.id}`} className="my-posts__edit">
                  {t.edit}
                  <span className="visually-hidden"> {post.title}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

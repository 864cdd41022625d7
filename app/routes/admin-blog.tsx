import { data } from "react-router";
import { ModerationItem } from "~/features/admin/moderation-item";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { blogTexts as t } from "~/lib/texts";
import { listPendingPosts } from "../../server/blog/blog-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/admin-blog";

// The server decides who moderates: non-admins get a 403, whatever the browser shows.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  if (!user) return { signedIn: false as const, posts: [] };
  if (user.role !== "admin") throw data("This page is for moderators.", { status: 403, statusText: "Forbidden" });
  return { signedIn: true as const, posts: await listPendingPosts(context.services) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.queueTitle,
    description: t.queueTitle,
    path: "/admin/blog",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignInPrompt title={t.queueTitle} text={t.signInToWrite} button={t.login} />;
  return (
    <div className="page page--narrow">
      <h1>{t.queueTitle}</h1>
      {loaderData.posts.length === 0 ? (
        <p>{t.queueEmpty}</p>
      ) : (
        <ul className="moderation-queue">
          {loaderData.posts.map((post) => (
            <ModerationItem key={post.id} post={post} />
          ))}
        </ul>
      )}
    </div>
  );
}

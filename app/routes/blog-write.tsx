import { data } from "react-router";
import { PostEditor } from "~/features/blog/post-editor";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { blogTexts as t } from "~/lib/texts";
import { findOwnPostForEdit } from "../../server/blog/blog-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/blog-write";

// /devinsights/new and /devinsights/edit/{id}: the same editor.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await currentUser(context.services, request.headers);
  if (!user) return { signedIn: false as const, post: null };
  if (!params.id) return { signedIn: true as const, post: null };
  const post = await findOwnPostForEdit(context.services, user, params.id);
  if (!post) throw data(t.notFound, { status: 404 });
  return { signedIn: true as const, post };
}

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: params.id ? t.editTitle : t.writeTitle,
    description: t.writeDescription,
    path: "/devinsights/new",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: true,
  });
};

export default function BlogWrite({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignInPrompt title={t.writeTitle} text={t.signInToWrite} button={t.login} />;
  const post = loaderData.post;
  return (
    <div className="page">
      <h1>{params.id ? t.editTitle : t.writeTitle}</h1>
      <p className="lead">{t.writeDescription}</p>
      <PostEditor
        postId={post?.id}
        initial={post ? { title: post.title, imageUrl: post.imageUrl ?? "", markdown: post.markdown } : undefined}
      />
    </div>
  );
}

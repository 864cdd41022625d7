import { Link, data } from "react-router";
import { formatLongDate } from "~/lib/dates";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { blogTexts as t } from "~/lib/texts";
import { findPost } from "../../server/blog/blog-service";
import { currentUser } from "../../server/users/user-service";
import type { Route } from "./+types/blog-post";
import { contentPage, loadAsDocument } from "~/lib/page-cache";

type State = "not-found" | "not-approved" | "failed" | "missing";

// Visitors get this page from the page cache until the published posts changes.
export const handle = contentPage("blog");
export const clientLoader = loadAsDocument;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = params.id?.trim();
  if (!id) return data({ state: "missing" as State, post: null }, { status: 400 });
  try {
    const viewer = await currentUser(context.services, request.headers);
    const found = await findPost(context.services, id, viewer);
    if (found.kind !== "found") return data({ state: found.kind as State, post: null }, { status: 404 });
    return { state: null, post: found.post };
  } catch (error) {
    context.services.logger.error({ err: error, requestId: context.requestId }, "blog post failed");
    return data({ state: "failed" as State, post: null }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const site = siteFromMatches(matches);
  const post = loaded?.post;
  if (!post)
    return pageMeta({
      title: t.notFound,
      description: t.notFoundHint,
      path: "/devinsights",
      siteName: site.name,
      baseUrl: site.baseUrl,
      noindex: true,
    });
  const path = `/blog/${post.id}`;
  const tags = pageMeta({
    title: post.title,
    description: post.preview,
    path,
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: post.status !== "approved",
  });
  // Uploads are addresses on our site; sharing and search need them whole.
  const image = post.imageUrl ? new URL(post.imageUrl, site.baseUrl).href : null;
  const article = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    author: { "@type": "Person", name: post.authorName },
    ...(post.createdAt ? { datePublished: post.createdAt } : {}),
    ...(image ? { image } : {}),
    mainEntityOfPage: `${site.baseUrl}${path}`,
    publisher: { "@type": "Organization", name: site.name },
  };
  return [
    ...tags.map((tag) => ("property" in tag && tag.property === "og:type" ? { property: "og:type", content: "article" } : tag)),
    ...(image ? [{ property: "og:image", content: image }] : []),
    { "script:ld+json": article },
  ];
};

const messages: Record<State, [string, string | null]> = {
  missing: [t.missingId, null],
  "not-found": [t.notFound, t.notFoundHint],
  "not-approved": [t.notApproved, null],
  failed: [t.detailFailed, t.detailFailedHint],
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, state } = loaderData;
  const back = (
    <Link to="/devinsights" className="blog-post__back">
      ← {t.back}
    </Link>
  );
  if (!post) {
    const [title, hint] = messages[state ?? "not-found"];
    return (
      <section className="page page--narrow blog-post__state" aria-labelledby="post-state-title">
        <h1 id="post-state-title">{title}</h1>
        {hint && <p>{hint}</p>}
        {back}
      </section>
    );
  }
  return (
    <article className="page blog-post">
      {back}
      {post.imageUrl && <img className="blog-post__image" src={post.imageUrl} alt="" width={1200} height={500} />}
      <h1>{post.title}</h1>
      <p className="blog-post__meta">
        {t.by} {post.authorName}
        {post.createdAt && (
          <>
            {" · "}
            {post.status === "approved" ? t.publishedOn : t.sentOn} <time dateTime={post.createdAt}>{formatLongDate(post.createdAt)}</time>
          </>
        )}
      </p>
      {post.status !== "approved" && (
        <p className="form-banner form-banner--success" role="status">
          {t.pending}
        </p>
      )}
      {/* Sanitised on write by server/blog/render.ts; only that copy is ever rendered. */}
      <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}

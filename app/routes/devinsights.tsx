import { Link, data } from "react-router";
import { PostCard } from "~/features/blog/post-card";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { blogTexts as t, fill } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import { decodeCursor, listApprovedPosts } from "../../server/blog/blog-service";
import type { Route } from "./+types/devinsights";
import { contentPage, loadAsDocument } from "~/lib/page-cache";

// Visitors get this page from the page cache until the published posts changes.
export const handle = contentPage("blog");
export const clientLoader = loadAsDocument;

export async function loader({ request, context }: Route.LoaderArgs) {
  const after = new URL(request.url).searchParams.get("after");
  try {
    const page = await listApprovedPosts(context.services, decodeCursor(after));
    return { failed: false as const, ...page, paged: Boolean(after) };
  } catch (error) {
    context.services.logger.error({ err: error, requestId: context.requestId }, "blog list failed");
    return data({ failed: true as const, posts: [], nextCursor: null, paged: false }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const tags = pageMeta({
    title: t.listTitle,
    description: t.listDescription,
    path: "/devinsights",
    siteName: site.name,
    baseUrl: site.baseUrl,
    noindex: location.search.includes("after="),
  });
  return [
    ...tags,
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: fill(t.feedTitle, { name: site.name }),
      href: "/devinsights/feed.xml",
    },
  ];
};

export default function DevInsights({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    // The blog-list island shows the loading state while the next page of posts is on its way.
    <div className="page blog-list" data-island="blog-list" data-loading-label={t.loading}>
      <div className="blog-list__head">
        <h1>{t.listTitle}</h1>
        <Link className="button button--outline" to="/devinsights/new">
          {t.write}
        </Link>
      </div>
      {site.playStoreUrl && (
        <p className="blog-list__app">
          {fill(t.appCall, { name: site.name })}{" "}
          <a className="button button--accent button--small" href={site.playStoreUrl} target="_blank" rel="noopener noreferrer">
            {t.appButton}
          </a>
        </p>
      )}
      {loaderData.failed ? (
        <div className="blog-list__error" role="alert">
          <p>{t.loadFailed}</p>
          <p>{t.loadFailedHint}</p>
          <Link to="/devinsights" reloadDocument className="button button--outline">
            {t.tryAgain}
          </Link>
        </div>
      ) : loaderData.posts.length === 0 ? (
        <p className="blog-list__empty">{t.empty}</p>
      ) : (
        <>
          <ul className="post-grid" data-testid="post-grid">
            {loaderData.posts.map((post, i) => (
              <PostCard key={post.id} post={post} position={i} />
            ))}
          </ul>
          {loaderData.nextCursor && (
            <p className="blog-list__more" data-own-loading>
              <Link className="button button--outline" to={`/devinsights?after=${loaderData.nextCursor}`} data-blog-more>
                {t.more}
              </Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}

import { Feed } from "feed";
import type { Services } from "../services";
import { listApprovedPosts } from "./blog-service";

/** RSS 2.0 of the newest approved posts (issue #5), built by the `feed` package. */
export async function renderBlogFeed(services: Services): Promise<string> {
  const { site, baseUrl } = services.config;
  const { posts } = await listApprovedPosts(services, null, 20);
  const feed = new Feed({
    title: `${site.name} Dev Insights`,
    description: "Articles on interview preparation and the technologies developers are asked about.",
    id: `${baseUrl}/devinsights`,
    link: `${baseUrl}/devinsights`,
    language: "en",
    copyright: `© 2024 ${site.name}`,
    updated: posts[0]?.createdAt ? new Date(posts[0].createdAt) : new Date(0),
    feedLinks: { rss: `${baseUrl}/devinsights/feed.xml` },
  });
  for (const post of posts) {
    feed.addItem({
      title: post.title,
      id: `${baseUrl}/blog/${post.id}`,
      link: `${baseUrl}/blog/${post.id}`,
      description: post.preview,
      author: [{ name: post.authorName }],
      date: post.createdAt ? new Date(post.createdAt) : new Date(0),
    });
  }
  return feed.rss2();
}

/** Approved posts for sitemap.xml. */
export async function blogSitemapEntries(services: Services) {
  const rows = await services.database.db
    .selectFrom("blog_post")
    .select(["id", "updated_at"])
    .where("status", "=", "approved")
    .orderBy("id")
    .execute();
  return [
    { path: "/devinsights", changefreq: "daily" as const, priority: 0.8 },
    ...rows.map((r) => ({ path: `/blog/${r.id}`, lastmod: r.updated_at.slice(0, 10), priority: 0.6 })),
  ];
}

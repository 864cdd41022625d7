import { renderBlogFeed } from "../../server/blog/feed";
import type { Route } from "./+types/blog-feed";

export async function loader({ context }: Route.LoaderArgs) {
  return new Response(await renderBlogFeed(context.services), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}

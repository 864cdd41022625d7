import { renderSitemap, sitemapEntries } from "../../server/seo/sitemap";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const xml = renderSitemap(services.config.baseUrl, await sitemapEntries(services));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

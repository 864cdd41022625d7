import { data } from "react-router";
import { sitemapDocument, sitemapEntries } from "../../server/seo/sitemap";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml, and /sitemaps/{n}.xml once the site has more pages than one file may list. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context;
  const file = "part" in params ? /^([1-9]\d{0,4})\.xml$/.exec(String(params.part)) : null;
  if ("part" in params && !file) throw data(null, { status: 404 });
  const xml = sitemapDocument(services.config.baseUrl, await sitemapEntries(services), file ? Number(file[1]) : null);
  if (xml === null) throw data(null, { status: 404 });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { blogSitemapEntries } from "../blog/feed";
import { questionSitemapEntries } from "../questions/question-service";
import type { Services } from "../services";

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  changefreq?: "daily" | "weekly" | "monthly" | "yearly";
  priority?: number;
}

/** Public pages that always exist. Features add their pages with `sitemapSources`. */
export const staticPages: SitemapEntry[] = [
  { path: "/", changefreq: "daily", priority: 1 },
  { path: "/aboutus", changefreq: "monthly", priority: 0.5 },
  { path: "/contactus", changefreq: "yearly", priority: 0.4 },
  { path: "/search", changefreq: "monthly", priority: 0.3 },
  { path: "/htmloverview", changefreq: "monthly", priority: 0.7 },
  { path: "/compiler", changefreq: "monthly", priority: 0.6 },
  { path: "/quizzes", changefreq: "monthly", priority: 0.7 },
  { path: "/quizzes/leaderboard", changefreq: "daily", priority: 0.5 },
  { path: "/quizzes/live", changefreq: "monthly", priority: 0.5 },
  { path: "/interview", changefreq: "monthly", priority: 0.6 },
  { path: "/privacy", lastmod: "2026-11-22", changefreq: "yearly", priority: 0.2 },
  { path: "/terms", lastmod: "2026-11-22", changefreq: "yearly", priority: 0.2 },
];

type SitemapSource = (services: Services) => Promise<SitemapEntry[]>;

/** Each feature with indexable pages (question lists, blog posts) adds a source here. */
export const sitemapSources: SitemapSource[] = [questionSitemapEntries, blogSitemapEntries];

export async function sitemapEntries(services: Services): Promise<SitemapEntry[]> {
  const dynamic = await Promise.all(sitemapSources.map((source) => source(services)));
  return [...staticPages, ...dynamic.flat()];
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function renderSitemap(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${escapeXml(baseUrl + entry.path)}</loc>`];
    if (entry.lastmod) parts.push(`<lastmod>${entry.lastmod}</lastmod>`);
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The most URLs one sitemap file may list (the sitemaps.org limit is 50,000; smaller files are kinder to crawlers). */
export const SITEMAP_FILE_URLS = 10_000;

function renderIndex(baseUrl: string, parts: SitemapEntry[][]): string {
  const items = parts.map((part, i) => {
    const lastmod = part.reduce<string | undefined>(
      (latest, e) => (e.lastmod && (!latest || e.lastmod > latest) ? e.lastmod : latest),
      undefined,
    );
    return `  <sitemap><loc>${escapeXml(`${baseUrl}/sitemaps/${i + 1}.xml`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/**
 * /sitemap.xml (part null) lists every page while they fit in one file; past that it is an index
 * of /sitemaps/{n}.xml, each with up to `perFile` pages. Null for a part that does not exist.
 */
export function sitemapDocument(baseUrl: string, entries: SitemapEntry[], part: number | null, perFile = SITEMAP_FILE_URLS): string | null {
  const parts: SitemapEntry[][] = [];
  for (let i = 0; i < entries.length; i += perFile) parts.push(entries.slice(i, i + perFile));
  if (part === null) return parts.length <= 1 ? renderSitemap(baseUrl, entries) : renderIndex(baseUrl, parts);
  return parts.length > 1 && parts[part - 1] ? renderSitemap(baseUrl, parts[part - 1]!) : null;
}

export function renderRobots(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /account",
    "Disallow: /admin",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

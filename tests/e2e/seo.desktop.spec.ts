import { expect, openSiteDatabase, test } from "./fixtures";

/** Issue #14, search engines: one address per page, unique titles, canonical links, Open Graph and structured data. */

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
const head = (html: string) => ({
  title: attr(html, /<title>([^<]*)<\/title>/),
  description: attr(html, /<meta name="description" content="([^"]*)"/),
  canonical: attr(html, /<link rel="canonical" href="([^"]*)"/),
  ogTitle: attr(html, /<meta property="og:title" content="([^"]*)"/),
  ogUrl: attr(html, /<meta property="og:url" content="([^"]*)"/),
  robots: attr(html, /<meta name="robots" content="([^"]*)"/),
  structured: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  ),
});

test("every page type in the sitemap has a unique title and description, its own canonical address and Open Graph tags", async ({
  request,
  baseURL,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  // One file while the site has fewer than 10,000 pages (server/seo/sitemap.test.ts covers the index).
  expect(xml).toContain("<urlset");
  expect((await request.get("/sitemaps/1.xml")).status()).toBe(404);
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&#38;|&amp;/g, "&"));
  // Every static page and list, a sample of question pages, and the staff's posts (other tests publish
  // posts of their own while this one runs, with titles and short previews that are theirs to choose).
  const db = await openSiteDatabase();
  const staffPosts = new Set((db.prepare("select id from blog_post where origin = 'content'").all() as { id: string }[]).map((r) => r.id));
  db.close();
  const questions = urls.filter((u) => /-questions\/[^/]+$/.test(u));
  const posts = urls.filter((u) => /\/blog\/[^/]+$/.test(u));
  expect(posts.filter((u) => staffPosts.has(u.split("/").pop()!)).length).toBeGreaterThan(0);
  const sample = [
    ...urls.filter((u) => !questions.includes(u) && !posts.includes(u)),
    ...questions.filter((_, i) => i % 25 === 0),
    ...posts.filter((u) => staffPosts.has(u.split("/").pop()!)),
  ];
  expect(sample.length).toBeGreaterThan(40);
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const url of sample) {
    const response = await request.get(url.replace(baseURL!, ""));
    expect(response.status(), url).toBe(200);
    const tags = head(await response.text());
    expect(tags.robots, url).toBeNull();
    expect(tags.canonical, url).toBe(url);
    expect(tags.ogUrl, url).toBe(url);
    expect(tags.ogTitle, url).toBe(tags.title);
    expect(tags.description?.length, url).toBeGreaterThan(20);
    expect(titles.get(tags.title!), `${url} has the title of another page`).toBeUndefined();
    expect(descriptions.get(tags.description!), `${url} has the description of another page`).toBeUndefined();
    titles.set(tags.title!, url);
    descriptions.set(tags.description!, url);
  }
});

test("structured data parses and has the required fields: the site, a question, a blog post", async ({ request, baseURL }) => {
  const home = head(await (await request.get("/")).text()).structured[0]!;
  const graph = home["@graph"] as Record<string, unknown>[];
  expect(graph.find((node) => node["@type"] === "Organization")).toMatchObject({
    name: expect.any(String),
    url: `${baseURL}/`,
    logo: expect.any(String),
  });
  const site = graph.find((node) => node["@type"] === "WebSite")!;
  expect(site).toMatchObject({
    url: `${baseURL}/`,
    potentialAction: { "@type": "SearchAction", "query-input": "required name=search_term_string" },
  });
  // The search box's address works.
  const template = (site.potentialAction as { target: { urlTemplate: string } }).target.urlTemplate;
  const search = await request.get(template.replace(baseURL!, "").replace("{search_term_string}", "closure"));
  expect(search.status()).toBe(200);
  expect(await search.text()).toContain("closure");

  const db = await openSiteDatabase();
  const question = db
    .prepare("select id, technology, title from question where kind = 'theory' and status = 'published' limit 1")
    .get() as {
    id: string;
    technology: string;
    title: string;
  };
  const post = db.prepare("select id, title from blog_post where status = 'approved' limit 1").get() as { id: string; title: string };
  db.close();
  const qa = head(await (await request.get(`/${question.technology}-questions/${question.id}`)).text()).structured[0]!;
  expect(qa).toMatchObject({
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: question.title,
      answerCount: 1,
      acceptedAnswer: { "@type": "Answer", text: expect.any(String) },
    },
  });
  expect((qa.mainEntity as { acceptedAnswer: { text: string } }).acceptedAnswer.text.length).toBeGreaterThan(20);
  const article = head(await (await request.get(`/blog/${post.id}`)).text()).structured[0]!;
  expect(article).toMatchObject({
    "@type": "Article",
    headline: post.title,
    author: { "@type": "Person", name: expect.any(String) },
    datePublished: expect.any(String),
    publisher: { "@type": "Organization" },
  });
});

test("other spellings of an address move to the canonical one with a 301; private and result pages are not indexed", async ({
  request,
}) => {
  for (const [from, to] of [
    ["/aboutus/", "/aboutus"],
    ["/AboutUs", "/aboutus"],
    ["/JavaScript-Questions/", "/javascript-questions"],
    ["/devinsights?x=1", "/devinsights?x=1"],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    if (from === to) {
      expect(response.status(), from).toBe(200);
      continue;
    }
    expect(response.status(), from).toBe(301);
    expect(response.headers().location, from).toBe(to);
  }
  for (const path of ["/no-such-page", "/account", "/admin/blog", "/search?q=closure", "/interview/history"]) {
    const tags = head(await (await request.get(path)).text());
    expect(tags.robots, path).toContain("noindex");
    expect(tags.canonical, path).toBeNull();
  }
});

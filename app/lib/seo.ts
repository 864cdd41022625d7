import type { MetaDescriptor } from "react-router";

interface PageMeta {
  title: string;
  description: string;
  /** The canonical path of the page, e.g. "/aboutus". */
  path: string;
  siteName: string;
  baseUrl: string;
  noindex?: boolean;
}

/** Title, description, canonical link and sharing tags for a page. */
export function pageMeta({ title, description, path, siteName, baseUrl, noindex }: PageMeta): MetaDescriptor[] {
  const fullTitle = `${title} | ${siteName}`;
  const url = `${baseUrl}${path}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  return tags;
}

interface RootMatch {
  id: string;
  data?: unknown;
}

/** The site settings from the root loader's data, as seen by a route's meta function. */
export function siteFromMatches(matches: readonly (RootMatch | undefined)[]): { name: string; baseUrl: string } {
  const data = matches.find((m) => m?.id === "root")?.data as { site?: { name: string; baseUrl: string } } | undefined;
  return data?.site ?? { name: "DevPrep", baseUrl: "" };
}

import { data } from "react-router";
import { NotFoundPage } from "~/components/not-found-page";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { texts } from "~/lib/texts";
import type { Route } from "./+types/not-found";
import { contentPage, loadAsDocument } from "~/lib/page-cache";

// Any path no other route claims: the 404 page with a real 404 status (spec §2).
// Visitors get this page from the page cache (it changes only with a new release).
export const handle = contentPage();
export const clientLoader = loadAsDocument;

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: texts.notFound.title,
    description: texts.notFound.text,
    path: "/404",
    noindex: true,
    ...site,
    siteName: site.name,
  });
};

export default function NotFound() {
  return <NotFoundPage />;
}

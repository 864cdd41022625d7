import { TermsOfService } from "~/features/legal/terms-of-service";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { fill, texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/terms";
import { contentPage, loadAsDocument, noData } from "~/lib/page-cache";

// Visitors get this page from the page cache (it changes only with a new release).
export const handle = contentPage();
export const clientLoader = loadAsDocument;
export const loader = noData;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  const t = texts.legal;
  return pageMeta({
    title: t.termsTitle,
    description: fill(t.termsDescription, { name: site.name }),
    path: "/terms",
    siteName: site.name,
    baseUrl: site.baseUrl,
  });
};

export default function Terms() {
  return (
    <div className="page content-page">
      <TermsOfService site={useSite()} />
    </div>
  );
}

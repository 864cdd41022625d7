import { PrivacyPolicy } from "~/features/legal/privacy-policy";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { fill, texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/privacy";
import { contentPage, loadAsDocument, noData } from "~/lib/page-cache";

// Visitors get this page from the page cache (it changes only with a new release).
export const handle = contentPage();
export const clientLoader = loadAsDocument;
export const loader = noData;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  const t = texts.legal;
  return pageMeta({
    title: t.privacyTitle,
    description: fill(t.privacyDescription, { name: site.name }),
    path: "/privacy",
    siteName: site.name,
    baseUrl: site.baseUrl,
  });
};

export default function Privacy() {
  return (
    <div className="page content-page">
      <PrivacyPolicy site={useSite()} />
    </div>
  );
}

import { ContactForm } from "~/features/contact/contact-form";
import { GetInTouch } from "~/features/contact/get-in-touch";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { fill, texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/contact";
import { cachedFor } from "~/lib/page-cache";

const t = texts.contact;

// Visitors get this page from the page cache (it changes only with a new release).
export const handle = cachedFor();

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.title,
    description: fill(t.description, { name: site.name }),
    path: "/contactus",
    siteName: site.name,
    baseUrl: site.baseUrl,
  });
};

export default function Contact() {
  const site = useSite();
  return (
    <div className="page content-page contact-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <ContactForm />
      <GetInTouch site={site} />
    </div>
  );
}

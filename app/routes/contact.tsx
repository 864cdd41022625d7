import { data } from "react-router";
import { ContactForm } from "~/features/contact/contact-form";
import { GetInTouch } from "~/features/contact/get-in-touch";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { fill, texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/contact";
import { contentPage, loadAsDocument, noData } from "~/lib/page-cache";
import { submitContactForm } from "../../server/contact/contact-service";

const t = texts.contact;

// A content page (HTML and the contact island; docs/decisions/018), cached for visitors (it
// changes only with a new release).
export const handle = contentPage();
export const clientLoader = loadAsDocument;
export const loader = noData;

/**
 * The form posted as HTML (no JavaScript, or before it has run): stored under the API's rules
 * and rate limit, then the page again with 'Message sent successfully!', or with the reason and
 * what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await submitContactForm(context.services, form, context.clientKey());
  if (result.ok) return { sent: true as const };
  return data(
    { sent: false as const, error: result.error, fields: result.fields },
    { status: result.status, headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined },
  );
}

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

export default function Contact({ actionData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <div className="page content-page contact-page">
      <h1>{t.title}</h1>
      <p className="lead">{t.intro}</p>
      <ContactForm state={actionData ?? null} />
      <GetInTouch site={site} />
    </div>
  );
}

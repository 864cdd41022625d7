import { Link } from "react-router";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { technologies } from "~/lib/technologies";
import { fill, texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/about";
import { contentPage, loadAsDocument, noData } from "~/lib/page-cache";

const t = texts.about;

// Visitors get this page from the page cache (it changes only with a new release).
export const handle = contentPage();
export const clientLoader = loadAsDocument;
export const loader = noData;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({
    title: t.title,
    description: fill(t.description, { name: site.name }),
    path: "/aboutus",
    siteName: site.name,
    baseUrl: site.baseUrl,
  });
};

export default function About() {
  const site = useSite();
  return (
    <article className="page content-page">
      <h1>{t.title}</h1>
      <p className="lead">{fill(t.intro, { name: site.name })}</p>

      <section aria-labelledby="domains-title">
        <h2 id="domains-title">{t.domainsHeading}</h2>
        <p>{t.domainsIntro}</p>
        <ul className="tag-list">
          {technologies.map((tech) => (
            <li key={tech.slug}>{tech.name}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title">{t.featuresHeading}</h2>
        <ul className="feature-grid">
          {t.features.map((feature) => (
            <li key={feature.title} className="feature-grid__item">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="mission-title">
        <h2 id="mission-title">{t.missionHeading}</h2>
        <p>{t.mission}</p>
      </section>

      <section aria-labelledby="why-title">
        <h2 id="why-title">{t.whyHeading}</h2>
        <ul className="check-list">
          {t.why.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>

      <p className="content-page__cta">
        {t.contactPrompt} <Link to="/contactus">{t.contactLink}</Link>
      </p>
    </article>
  );
}

import { replace } from "react-router";
import { AboutSection } from "~/features/home/about-section";
import { CategoryCards } from "~/features/home/category-cards";
import { HeroCarousel } from "~/features/home/hero-carousel";
import { QuizCall } from "~/features/home/quiz-call";
import { WhyUs } from "~/features/home/why-us";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Kind } from "~/lib/technologies";
import { texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import { countQuestions } from "../../server/questions/question-service";
import type { Route } from "./+types/home";
import { contentPage, loadAsDocument } from "~/lib/page-cache";

const QUESTIONS = "/javascript-questions";

// A content page (HTML, the carousel and home islands; docs/decisions/018), cached for visitors
// until the question bank changes.
export const handle = contentPage("questions");
export const clientLoader = loadAsDocument;

// Spec §2: the home route with any query string goes to /404. A full page load gets an
// HTTP redirect; a client navigation replaces the history entry.
export async function loader({ request, context }: Route.LoaderArgs) {
  if (new URL(request.url).search) throw replace("/404");
  // Live counts for the category cards (UX.md), summed over every technology.
  const counts = Object.values(await countQuestions(context.services));
  const sum = (kind: Kind) => counts.reduce((total, c) => total + c[kind].beginner + c[kind].advance + c[kind].expert, 0);
  return { cardCounts: [sum("theory"), sum("console"), sum("program")] };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  // Structured data for the site: who publishes it, and its search box (schema.org WebSite + SearchAction).
  const structured = {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": `${site.baseUrl}/#organization`,
        name: site.name,
        url: `${site.baseUrl}/`,
        logo: `${site.baseUrl}/favicon.svg`,
      },
      {
        "@type": "WebSite",
        "@id": `${site.baseUrl}/#website`,
        name: site.name,
        url: `${site.baseUrl}/`,
        publisher: { "@id": `${site.baseUrl}/#organization` },
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: `${site.baseUrl}/search?q={search_term_string}` },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  };
  return [
    ...pageMeta({ title: texts.home.title, description: texts.home.description, path: "/", siteName: site.name, baseUrl: site.baseUrl }),
    { "script:ld+json": structured },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const siteName = useSite().name;
  // The carousel's calls to action and the cards are links to the question list; visitors get
  // the spec's alert instead (data-login-gate, the boot script in app/lib/site.ts).
  return (
    <div className="home" data-island="home">
      <h1 className="visually-hidden">{texts.home.title}</h1>
      <HeroCarousel href={QUESTIONS} />
      <CategoryCards counts={loaderData.cardCounts} questions={QUESTIONS} />
      <QuizCall />
      <WhyUs siteName={siteName} />
      <AboutSection siteName={siteName} />
    </div>
  );
}

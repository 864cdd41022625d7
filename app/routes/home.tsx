import { Link, replace } from "react-router";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { texts } from "~/lib/texts";
import type { Route } from "./+types/home";

// Spec §2: the home route with any query string goes to /404. A full page load gets an
// HTTP redirect; a client navigation replaces the history entry.
export function loader({ request }: Route.LoaderArgs) {
  if (new URL(request.url).search) throw replace("/404");
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageMeta({ title: texts.home.title, description: texts.home.description, path: "/", siteName: site.name, baseUrl: site.baseUrl });
};

export default function Home() {
  return (
    <section className="page hero-intro" aria-labelledby="home-title">
      <h1 id="home-title">{texts.home.title}</h1>
      <p className="lead">{texts.home.description}</p>
      <p>
        <Link className="button button--primary" to="/javascript-questions">
          {texts.nav.javascript}
        </Link>
      </p>
    </section>
  );
}

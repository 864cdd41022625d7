import { replace, useNavigate } from "react-router";
import { AboutSection } from "~/features/home/about-section";
import { CategoryCards } from "~/features/home/category-cards";
import { HeroCarousel } from "~/features/home/hero-carousel";
import { useLoginGate } from "~/features/home/use-login-gate";
import { WhyUs } from "~/features/home/why-us";
import { useAuthDialog } from "~/lib/auth-dialog";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { writeSelection } from "~/lib/selection";
import { texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import type { Route } from "./+types/home";

const QUESTIONS = "/javascript-questions";

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
  const siteName = useSite().name;
  const navigate = useNavigate();
  const gate = useLoginGate();
  const auth = useAuthDialog();

  return (
    <div className="home">
      <h1 className="visually-hidden">{texts.home.title}</h1>
      <HeroCarousel
        onAction={() =>
          gate(
            () => navigate(QUESTIONS),
            () => auth.open("login"),
          )
        }
      />
      <CategoryCards
        onChoose={(card) =>
          gate(() => {
            writeSelection(localStorage, { selectedCard: card });
            navigate(QUESTIONS);
          })
        }
      />
      <WhyUs siteName={siteName} />
      <AboutSection siteName={siteName} />
    </div>
  );
}

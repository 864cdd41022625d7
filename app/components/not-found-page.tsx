import { Link } from "react-router";
import { texts } from "~/lib/texts";

/** Spec §2: the 404 page. The route serving it sets the 404 status and noindex. */
export function NotFoundPage() {
  const t = texts.notFound;
  return (
    <section className="page page--narrow not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden>
        404
      </p>
      <h1 id="not-found-title">{t.title}</h1>
      <p>{t.text}</p>
      <h2 className="not-found__subtitle">{t.linksHeading}</h2>
      <ul className="not-found__links">
        <li>
          <Link to="/">{t.home}</Link>
        </li>
        <li>
          <Link to="/javascript-questions">{t.javascript}</Link>
        </li>
        <li>
          <Link to="/react-questions">{t.react}</Link>
        </li>
        <li>
          <Link to="/devinsights">{t.devInsights}</Link>
        </li>
        <li>
          <Link to="/privacy">{t.privacy}</Link>
        </li>
      </ul>
    </section>
  );
}

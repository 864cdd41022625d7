import { Link } from "react-router";
import type { PublicSettings } from "~/lib/site";
import { fill, interviewTexts, quizTexts, texts } from "~/lib/texts";

export function SiteFooter({ site }: { site: PublicSettings }) {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>{fill(texts.site.copyright, { name: site.name })}</p>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <Link to="/quizzes">{quizTexts.navLink}</Link>
            </li>
            <li>
              <Link to="/interview">{interviewTexts.navLink}</Link>
            </li>
            <li>
              <Link to="/compiler">{texts.nav.compiler}</Link>
            </li>
            <li>
              <Link to="/aboutus">{texts.nav.aboutUs}</Link>
            </li>
            <li>
              <Link to="/contactus">{texts.nav.contactUs}</Link>
            </li>
            <li>
              <Link to="/privacy">{texts.labels.privacyPolicy}</Link>
            </li>
            <li>
              <Link to="/terms">{texts.labels.terms}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

import { Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { PlayStoreBadge } from "~/components/play-store-badge";
import type { PublicSettings } from "~/lib/site";
import { fill, texts } from "~/lib/texts";

const t = texts.contact;

function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t.newTab}</span>
    </a>
  );
}

/** Spec §2: the public 'Get In Touch With Us' section and its three cards. */
export function GetInTouch({ site }: { site: PublicSettings }) {
  return (
    <section className="get-in-touch" aria-labelledby="get-in-touch-title">
      <h2 id="get-in-touch-title">{t.getInTouch}</h2>
      <div className="get-in-touch__cards">
        <section className="touch-card" aria-labelledby="direct-contact-title">
          <h3 id="direct-contact-title">{t.directContact}</h3>
          <ul className="touch-card__list">
            <li>
              <Mail aria-hidden size={18} />
              <span className="visually-hidden">{t.emailUs}: </span>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li>
              <Phone aria-hidden size={18} />
              <span className="visually-hidden">{t.phone}: </span>
              <span>{site.phone}</span>
            </li>
            <li>
              <MessageCircle aria-hidden size={18} />
              <External href={site.social.chat}>{t.chat}</External>
            </li>
          </ul>
        </section>
        <section className="touch-card" aria-labelledby="connect-online-title">
          <h3 id="connect-online-title">{t.connectOnline}</h3>
          <ul className="touch-card__list">
            <li>
              <External href={site.social.group}>{t.group}</External>
            </li>
            <li>
              <External href={site.social.freelance}>{t.freelance}</External>
            </li>
            <li>
              <External href={site.social.share}>{fill(t.share, { name: site.name })}</External>
            </li>
          </ul>
        </section>
        <section className="touch-card" aria-labelledby="legal-app-title">
          <h3 id="legal-app-title">{t.legalAndApp}</h3>
          <ul className="touch-card__list">
            <li>
              <Link to="/privacy">{texts.labels.privacyPolicy}</Link>
            </li>
            <li>
              <Link to="/terms">{texts.labels.terms}</Link>
            </li>
          </ul>
          <PlayStoreBadge href={site.playStoreUrl} />
        </section>
      </div>
    </section>
  );
}

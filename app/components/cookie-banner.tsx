import { useEffect, useState } from "react";
import { CONSENT_MAX_AGE_SECONDS, hasCookie } from "~/lib/site";
import { texts } from "~/lib/texts";

/**
 * Spec §2/§9: at the bottom of every page until the consent cookie exists; 'I understand'
 * sets it for 150 days. Scrolling does not count as consent.
 */
export function CookieBanner({ cookieName, secure }: { cookieName: string; secure: boolean }) {
  const [consented, setConsented] = useState(false);

  useEffect(() => {
    if (hasCookie(cookieName, document.cookie)) setConsented(true);
  }, [cookieName]);

  function accept() {
    document.cookie = `${cookieName}=true; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
    setConsented(true);
  }

  if (consented) return null;
  return (
    <section className="cookie-banner" aria-label={texts.cookies.label}>
      <p>{texts.cookies.message}</p>
      <button type="button" className="button button--primary" onClick={accept}>
        {texts.cookies.accept}
      </button>
    </section>
  );
}

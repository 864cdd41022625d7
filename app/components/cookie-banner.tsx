import { texts } from "~/lib/texts";

/**
 * Spec §2/§9: at the bottom of every page until the consent cookie exists; 'I understand'
 * sets it for 150 days. Scrolling does not count as consent. A form post sets the cookie and
 * returns to the page (server/http/auth-forms.ts); with scripts, app/lib/enhance/shell.ts sets
 * it in place. Pages cached for visitors come in two copies, with and without the banner.
 */
export function CookieBanner({ returnTo, cookieName, secure }: { returnTo: string; cookieName: string; secure: boolean }) {
  return (
    <section className="cookie-banner" aria-label={texts.cookies.label}>
      <p>{texts.cookies.message}</p>
      <form method="post" action="/consent" data-consent-cookie={cookieName} data-consent-secure={secure ? "" : undefined}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button--primary">
          {texts.cookies.accept}
        </button>
      </form>
    </section>
  );
}

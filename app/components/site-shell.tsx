import { type ReactNode, useEffect } from "react";
import { blockCopying } from "~/lib/copy-guard";
import { texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import { startWebVitals } from "~/lib/web-vitals";
import { AppBanner } from "./app-banner";
import { CookieBanner } from "./cookie-banner";
import { NavigationOverlay } from "./navigation-overlay";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Toaster } from "./toaster";

/** The frame of every page: app banner, header, main content, footer, cookie banner. */
export function SiteShell({ children }: { children: ReactNode }) {
  const site = useSite();

  useEffect(() => {
    // Marks the page as interactive (used by browser tests and by CSS if needed).
    document.documentElement.dataset.hydrated = "true";
    return blockCopying(document);
  }, []);
  useEffect(() => {
    void startWebVitals().catch(() => {});
  }, []);

  return (
    <>
      <a className="skip-link" href="#main">
        {texts.site.skipToContent}
      </a>
      {site.playStoreUrl && <AppBanner site={site} />}
      <SiteHeader site={site} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter site={site} />
      <CookieBanner cookieName={site.consentCookie} secure={site.baseUrl.startsWith("https://")} />
      <NavigationOverlay />
      <Toaster />
    </>
  );
}

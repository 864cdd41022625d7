import { type ReactNode, useEffect } from "react";
import { createPath, useLocation, useRouteLoaderData } from "react-router";
import { enhanceShell } from "~/lib/enhance/shell";
import { texts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import { startWebVitals } from "~/lib/web-vitals";
import type { loader as rootLoader } from "../root";
import { AppBanner } from "./app-banner";
import { CookieBanner } from "./cookie-banner";
import { NavigationOverlay } from "./navigation-overlay";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Toaster } from "./toaster";

/**
 * The frame of every page: app banner, header, main content, footer, cookie banner. It is
 * plain HTML that works before any script; its behaviour (app/lib/enhance/shell.ts) comes from
 * the site island on content pages and from here on app pages, which hydrate.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  const site = useSite();
  const location = useLocation();
  const consented = useRouteLoaderData<typeof rootLoader>("root")?.consented ?? false;

  useEffect(() => {
    const stop = enhanceShell(document);
    // Marks the page as interactive (used by browser tests and by CSS if needed).
    document.documentElement.dataset.hydrated = "true";
    return stop;
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
      {/* The page-loading overlay's words, for content pages (app/lib/enhance/page-loading.ts). */}
      <main id="main" tabIndex={-1} data-loading-page={texts.loading.page}>
        {children}
      </main>
      <SiteFooter site={site} />
      {!consented && (
        <CookieBanner returnTo={createPath(location)} cookieName={site.consentCookie} secure={site.baseUrl.startsWith("https://")} />
      )}
      <NavigationOverlay />
      <Toaster />
    </>
  );
}

import { X } from "lucide-react";
import type { PublicSettings } from "~/lib/site";
import { fill, texts } from "~/lib/texts";

/**
 * Spec §2 Header: promotes the app; once used or dismissed it stays away (a local-storage
 * flag set by app/lib/enhance/shell.ts, read before paint by the boot script).
 */
export function AppBanner({ site }: { site: PublicSettings }) {
  return (
    <aside className="app-banner" aria-label={texts.appBanner.label} data-app-banner>
      <p className="app-banner__text">{fill(texts.appBanner.message, { name: site.name })}</p>
      <a
        className="button button--accent button--small"
        href={site.playStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-app-banner-seen
      >
        {texts.appBanner.download}
      </a>
      <button type="button" className="icon-button app-banner__close" aria-label={texts.appBanner.dismiss} data-app-banner-seen>
        <X aria-hidden size={18} />
      </button>
    </aside>
  );
}

import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { type PublicSettings, storageKeys } from "~/lib/site";
import { fill, texts } from "~/lib/texts";

/** Spec §2 Header: promotes the app; once used or dismissed it stays away (local storage). */
export function AppBanner({ site }: { site: PublicSettings }) {
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    if (readFlag()) setSeen(true);
  }, []);

  function markSeen() {
    try {
      localStorage.setItem(storageKeys.appBannerSeen, new Date().toISOString());
    } catch {
      // Storage can be unavailable (private mode, quota): hiding for this page is enough.
    }
    setSeen(true);
  }

  if (seen) return null;
  return (
    <aside className="app-banner" aria-label={texts.appBanner.label}>
      <p className="app-banner__text">{fill(texts.appBanner.message, { name: site.name })}</p>
      <a
        className="button button--accent button--small"
        href={site.playStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={markSeen}
      >
        {texts.appBanner.download}
      </a>
      <button type="button" className="icon-button app-banner__close" aria-label={texts.appBanner.dismiss} onClick={markSeen}>
        <X aria-hidden size={18} />
      </button>
    </aside>
  );
}

function readFlag(): boolean {
  try {
    return localStorage.getItem(storageKeys.appBannerSeen) !== null;
  } catch {
    return false;
  }
}

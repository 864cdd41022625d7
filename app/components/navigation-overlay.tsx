import { useEffect } from "react";
import { createPath, useNavigation } from "react-router";
import { CHUNK_LOAD_TIMEOUT_MS } from "~/lib/site";
import { texts } from "~/lib/texts";

/**
 * Spec §2: a full-screen spinner while the next page loads. A page that has not
 * arrived after the chunk load timeout (120 s) is loaded afresh from the server, so a
 * stuck download or a deploy in between never leaves a dead page. (A chunk that fails
 * outright is handled by React Router, which reloads.)
 */
export function NavigationOverlay() {
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? createPath(navigation.location) : null;

  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => window.location.assign(target), CHUNK_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [target]);

  if (!target) return null;
  return (
    <div className="nav-overlay" role="status" aria-live="polite" data-testid="navigation-overlay">
      <div className="spinner" aria-hidden />
      <span className="visually-hidden">{texts.loading.page}</span>
    </div>
  );
}

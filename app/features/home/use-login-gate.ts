import { useSession } from "~/lib/session";
import { texts } from "~/lib/texts";

/**
 * Spec §2/§6: only signed-in users enter the question section from the home page.
 * Visitors get the browser alert, then whatever `onRefused` does.
 */
export function useLoginGate() {
  const session = useSession();
  return (onAllowed: () => void, onRefused?: () => void) => {
    if (session.status === "authenticated") {
      onAllowed();
      return;
    }
    window.alert(texts.home.loginRequired);
    onRefused?.();
  };
}

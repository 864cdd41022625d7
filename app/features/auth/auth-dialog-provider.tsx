import { type ReactNode, useMemo, useState } from "react";
import { type AuthDialogControls, AuthDialogProvider as Provider, type AuthView } from "~/lib/auth-dialog";
import { storageKeys } from "~/lib/site";
import { authTexts } from "~/lib/texts";
import { AuthDialog } from "./auth-dialog";
import type { AuthFields } from "./validation";

// The account endpoints arrive with the accounts issue (#4); until then any answer that
// is not a success shows the spec's generic failure.
async function submitCredentials(view: AuthView, fields: AuthFields): Promise<void> {
  const path = view === "signup" ? "/api/auth/sign-up/email" : "/api/auth/sign-in/email";
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(fields),
  }).catch(() => null);
  if (!response?.ok) throw new Error(authTexts.failed);
}

/** Owns the one auth dialog of the page and lets any component open it. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>("login");

  const controls = useMemo<AuthDialogControls>(
    () => ({
      open(next = "login") {
        setView(next);
        setOpen(true);
      },
      async logout() {
        try {
          await fetch("/api/auth/sign-out", { method: "POST" });
        } catch (error) {
          console.warn("Logout failed", error);
        }
        for (const key of [storageKeys.email, storageKeys.uid, storageKeys.name]) localStorage.removeItem(key);
        window.location.assign("/");
      },
    }),
    [],
  );

  return (
    <Provider value={controls}>
      {children}
      <AuthDialog open={open} view={view} onViewChange={setView} onClose={() => setOpen(false)} submit={submitCredentials} />
    </Provider>
  );
}

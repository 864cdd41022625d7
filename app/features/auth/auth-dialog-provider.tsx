import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { type AuthDialogControls, AuthDialogProvider as Provider, type AuthView } from "~/lib/auth-dialog";
import { useSession } from "~/lib/session";
import { storageKeys } from "~/lib/site";
import { authTexts } from "~/lib/texts";
import { useSite } from "~/lib/use-site";
import { AuthDialog } from "./auth-dialog";
import { authErrorMessage } from "./errors";
import { signInWithGooglePopup } from "./google-popup";
import type { AuthFields } from "./validation";

interface AuthUser {
  id: string;
  email: string;
  name: string | null;
}

async function submitCredentials(view: AuthView, fields: AuthFields): Promise<AuthUser> {
  const path = view === "signup" ? "/api/auth/sign-up/email" : "/api/auth/sign-in/email";
  const body =
    view === "signup"
      ? { name: fields.name?.trim(), email: fields.email, password: fields.password }
      : { email: fields.email, password: fields.password };
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    throw new Error(authTexts.failed);
  }
  const data = (await response.json().catch(() => null)) as { user?: AuthUser; code?: string; message?: string } | null;
  if (!response.ok || !data?.user) throw new Error(authErrorMessage(response.status, data));
  return data.user;
}

function remember(user: AuthUser) {
  try {
    // Spec §3: written on sign-in.
    localStorage.setItem(storageKeys.email, user.email);
    localStorage.setItem(storageKeys.uid, user.id);
    localStorage.setItem(storageKeys.name, user.name ?? "");
  } catch {
    // Storage unavailable: the session cookie still signs the user in.
  }
}

function forget() {
  try {
    for (const key of [storageKeys.email, storageKeys.uid, storageKeys.name]) localStorage.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** Owns the one auth dialog of the page and lets any component open it or sign out. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<AuthView>("login");
  const session = useSession();
  const revalidator = useRevalidator();
  const site = useSite();

  // Spec §4: with a user present the auth modal closes.
  useEffect(() => {
    if (session.status === "authenticated") setOpen(false);
  }, [session.status]);

  const controls = useMemo<AuthDialogControls>(
    () => ({
      open(next = "login") {
        setView(next);
        setOpen(true);
      },
      async logout() {
        try {
          const response = await fetch("/api/auth/sign-out", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: "{}",
          });
          if (!response.ok) throw new Error(`sign-out answered ${response.status}`);
        } catch (error) {
          // Spec §4: a logout failure is only logged.
          console.warn("Logout failed", error);
        }
        forget();
        window.location.assign("/");
      },
    }),
    [],
  );

  async function submit(view: AuthView, fields: AuthFields) {
    const user = await submitCredentials(view, fields);
    remember(user);
    await revalidator.revalidate();
  }

  async function requestReset(email: string) {
    let response: Response;
    try {
      response = await fetch("/api/auth/request-password-reset", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, redirectTo: "/reset-password" }),
      });
    } catch {
      throw new Error(authTexts.failed);
    }
    if (!response.ok) throw new Error(authErrorMessage(response.status, await response.json().catch(() => null)));
  }

  async function google() {
    await signInWithGooglePopup();
    const response = await fetch("/api/auth/get-session").catch(() => null);
    const data = (await response?.json().catch(() => null)) as { user?: AuthUser } | null;
    if (!data?.user) throw new Error(authTexts.googleFailed);
    remember(data.user);
    await revalidator.revalidate();
  }

  return (
    <Provider value={controls}>
      {children}
      <AuthDialog
        open={open}
        view={view}
        onViewChange={setView}
        onClose={() => setOpen(false)}
        submit={submit}
        google={site.googleSignIn ? google : undefined}
        requestReset={requestReset}
      />
    </Provider>
  );
}

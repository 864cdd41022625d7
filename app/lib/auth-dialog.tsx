import { createContext, useContext } from "react";

export type AuthView = "login" | "signup";

/** The id of the auth dialog's view (app/features/auth/auth-dialogs.tsx); buttons open it with `commandfor`. */
export const authDialogId = (view: AuthView | "forgot") => `auth-${view}`;

export interface AuthDialogControls {
  /** Opens the sign-in dialog in the given view. */
  open(view?: AuthView): void;
}

const AuthDialogContext = createContext<AuthDialogControls | null>(null);

export const AuthDialogProvider = AuthDialogContext.Provider;

export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error("useAuthDialog needs the AuthDialogProvider from the root route");
  return controls;
}

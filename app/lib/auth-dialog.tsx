import { createContext, useContext } from "react";

export type AuthView = "login" | "signup";

export interface AuthDialogControls {
  /** Opens the sign-in dialog in the given view. */
  open(view?: AuthView): void;
  /** Signs out (spec §4); failures are only logged. */
  logout(): Promise<void>;
}

const AuthDialogContext = createContext<AuthDialogControls | null>(null);

export const AuthDialogProvider = AuthDialogContext.Provider;

export function useAuthDialog(): AuthDialogControls {
  const controls = useContext(AuthDialogContext);
  if (!controls) throw new Error("useAuthDialog needs the AuthDialogProvider from the root route");
  return controls;
}

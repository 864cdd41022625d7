import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

export interface SessionUser {
  id: string;
  name: string | null;
  email: string;
}

/** What the whole UI knows about who is signed in. Accounts fill in `user`. */
export type Session = { status: "anonymous" } | { status: "authenticated"; user: SessionUser };

export const anonymous: Session = { status: "anonymous" };

/** The current session, from the root loader (the server decides; the browser only reads). */
export function useSession(): Session {
  return useRouteLoaderData<typeof rootLoader>("root")?.session ?? anonymous;
}

/** Spec §4: the display name, else the part of the email before the @, else 'User'. */
export function displayName(user: Pick<SessionUser, "name" | "email"> | null, fallback: string): string {
  const name = user?.name?.trim();
  if (name) return name;
  const local = user?.email?.split("@")[0]?.trim();
  return local || fallback;
}

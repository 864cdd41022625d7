import type { Services } from "../services";

export interface AccountView {
  user: { id: string; name: string; email: string };
  hasPassword: boolean;
  sessions: { id: string; device: string | null; createdAt: string; current: boolean }[];
}

/** What the account page shows: never tokens or other secrets. Null when signed out. */
export async function accountView(services: Services, headers: Headers): Promise<AccountView | null> {
  const found = await services.auth.api.getSession({ headers });
  if (!found) return null;
  const [sessions, credential] = await Promise.all([
    services.auth.api.listSessions({ headers }),
    services.database.db
      .selectFrom("account" as never)
      .select("id" as never)
      .where("userId" as never, "=", found.user.id as never)
      .where("providerId" as never, "=", "credential" as never)
      .executeTakeFirst(),
  ]);
  return {
    user: { id: found.user.id, name: found.user.name, email: found.user.email },
    hasPassword: Boolean(credential),
    sessions: sessions
      .map((s) => ({
        id: s.id,
        device: s.userAgent ?? null,
        createdAt: new Date(s.createdAt).toISOString(),
        current: s.id === found.session.id,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt)),
  };
}

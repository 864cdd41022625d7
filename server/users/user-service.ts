import type { Services } from "../services";

export type Role = "user" | "admin";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/** The signed-in user of a request (session cookie or bearer token), or null. */
export async function currentUser(services: Services, headers: Headers): Promise<SessionUser | null> {
  const found = await services.auth.api.getSession({ headers });
  if (!found) return null;
  const user = found.user as typeof found.user & { role?: string };
  return { id: user.id, name: user.name, email: user.email, role: user.role === "admin" ? "admin" : "user" };
}

/** Changes a user's role (npm run user:role). Returns false when no user has that email. */
export async function setUserRole(services: Services, email: string, role: Role): Promise<boolean> {
  const result = await services.database.db
    .updateTable("user")
    .set({ role, updatedAt: new Date().toISOString() })
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

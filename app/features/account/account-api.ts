import { authErrorMessage } from "~/features/auth/errors";
import { apiErrorMessage } from "~/lib/api-error";
import { accountTexts, authTexts } from "~/lib/texts";

/** POSTs to an account endpoint; resolves on success, rejects with the spec's words. */
export async function postAccount(path: string, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(authTexts.failed);
  }
  if (!response.ok) throw new Error(authErrorMessage(response.status, await response.json().catch(() => null)));
}

/** Saves account settings of our own (PUT /api/account/preferences); rejects with a sentence to show. */
export async function putPreferences(preferences: { showOnLeaderboards: boolean }): Promise<void> {
  const response = await fetch("/api/account/preferences", {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(preferences),
  }).catch(() => null);
  if (!response?.ok) throw new Error(await apiErrorMessage(response, accountTexts.saveFailed));
}

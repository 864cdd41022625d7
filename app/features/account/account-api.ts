import { authErrorMessage } from "~/features/auth/errors";
import { authTexts } from "~/lib/texts";

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

/**
 * The sentence to show for a failed call to our API. Its messages name the field first
 * ("message: Your message can be at most …"); people see the sentence alone.
 */
export async function apiErrorMessage(response: Response | null, fallback: string): Promise<string> {
  const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message?.replace(/^\w+: /, "") ?? fallback;
}

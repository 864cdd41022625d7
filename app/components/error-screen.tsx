import { createPath, isRouteErrorResponse, useLocation } from "react-router";
import { texts } from "~/lib/texts";

/** Status and the text or message of what failed; never a stack trace. */
export function describeError(error: unknown): { status: string; message: string } {
  if (isRouteErrorResponse(error)) {
    const text = typeof error.data === "string" && error.data ? error.data : error.statusText;
    return { status: `${error.status}${error.statusText ? ` ${error.statusText}` : ""}`, message: text };
  }
  if (error instanceof Error) return { status: "Error", message: error.message };
  return { status: "Error", message: String(error ?? "") };
}

/** Spec §2: the generic fallback screen for routing failures. */
export function ErrorScreen({ error }: { error: unknown }) {
  const { status, message } = describeError(error);
  const location = useLocation();
  return (
    <section className="page page--narrow error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{texts.errors.unexpectedTitle}</h1>
      <p className="error-screen__status">{status}</p>
      {message && message !== status && <p className="error-screen__message">{message}</p>}
      <p>{texts.errors.unexpectedHint}</p>
      <p className="error-screen__actions">
        <a className="button button--primary" href={createPath(location)}>
          {texts.errors.tryAgain}
        </a>
        <a className="button button--outline" href="/">
          {texts.errors.goHome}
        </a>
      </p>
    </section>
  );
}

import { useAuthDialog } from "~/lib/auth-dialog";

/** For pages that need an account: a sentence and the login button. */
export function SignInPrompt({ title, text, button }: { title: string; text: string; button: string }) {
  const auth = useAuthDialog();
  return (
    <section className="page page--narrow" aria-labelledby="sign-in-prompt-title">
      <h1 id="sign-in-prompt-title">{title}</h1>
      <p>{text}</p>
      <button type="button" className="button button--primary" onClick={() => auth.open("login")}>
        {button}
      </button>
    </section>
  );
}

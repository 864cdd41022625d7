import { InputField, TextAreaField } from "~/components/field";
import { texts } from "~/lib/texts";

const t = texts.contact;

/** What the contact action answered: sent, or refused with the spec's message and what was typed. */
export type ContactFormState =
  { sent: true } | { sent: false; error: string; fields: { name: string; email: string; message: string } } | null;

/**
 * Spec §2 contact form with browser validation. It posts to /contactus's action, which stores
 * the message (issue #3) and shows 'Message sent successfully!', or the reason it was refused
 * with the text kept. The contact island (app/islands/contact.ts) sends it without leaving the
 * page: the spec's alert, the fields cleared, a busy label.
 */
export function ContactForm({ state }: { state: ContactFormState }) {
  const fields = state && !state.sent ? state.fields : undefined;
  return (
    <form
      method="post"
      className="form contact-form"
      aria-labelledby="contact-form-title"
      data-island="contact"
      data-sent={t.sent}
      data-failed={t.failed}
      data-offline={t.offline}
    >
      <h2 id="contact-form-title">{t.formHeading}</h2>
      <p className="form-banner form-banner--success" role="status" data-contact-sent hidden={!state?.sent}>
        {state?.sent ? t.sent : null}
      </p>
      <p className="form-banner form-banner--error" role="alert" data-contact-error hidden={!fields}>
        {state && !state.sent ? state.error : null}
      </p>
      <fieldset className="form__fields">
        <InputField label={t.name} name="name" autoComplete="name" required defaultValue={fields?.name} />
        <InputField label={t.email} name="email" type="email" autoComplete="email" required defaultValue={fields?.email} />
        <TextAreaField label={t.message} name="message" rows={5} required defaultValue={fields?.message} />
        <button type="submit" className="button button--primary" data-busy-label={t.sending}>
          {t.send}
        </button>
      </fieldset>
    </form>
  );
}

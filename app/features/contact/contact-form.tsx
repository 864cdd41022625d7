import { type FormEvent, useState } from "react";
import { toast } from "~/components/toaster";
import { InputField, TextAreaField } from "~/components/field";
import { texts } from "~/lib/texts";
import { apiErrorMessage } from "~/lib/api-error";

const t = texts.contact;
const empty = { name: "", email: "", message: "" };

async function send(fields: typeof empty): Promise<{ ok: true } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await fetch("/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(fields),
    });
  } catch {
    return { ok: false, message: t.offline };
  }
  if (response.ok) return { ok: true };
  return { ok: false, message: await apiErrorMessage(response, t.failed) };
}

/**
 * Spec §2 contact form with browser validation. The message is really sent and stored
 * (issue #3); if that fails, the text stays in the form and a toast says why.
 */
export function ContactForm() {
  const [fields, setFields] = useState(empty);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await send(fields);
    setBusy(false);
    if (result.ok) {
      window.alert(t.sent);
      setFields(empty);
    } else {
      toast.error(result.message);
    }
  }

  const update = (key: keyof typeof empty) => (event: { target: { value: string } }) => setFields({ ...fields, [key]: event.target.value });

  return (
    <form className="form contact-form" onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t.formHeading}</h2>
      <fieldset className="form__fields" disabled={busy}>
        <InputField label={t.name} name="name" autoComplete="name" required value={fields.name} onChange={update("name")} />
        <InputField
          label={t.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={update("email")}
        />
        <TextAreaField label={t.message} name="message" rows={5} required value={fields.message} onChange={update("message")} />
        <button type="submit" className="button button--primary">
          {busy ? t.sending : t.send}
        </button>
      </fieldset>
    </form>
  );
}

import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/toaster";
import { TextAreaField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import { formatLongDate } from "~/lib/dates";
import { blogTexts as t } from "~/lib/texts";
import { apiErrorMessage } from "~/lib/api-error";

export interface PendingPost {
  id: string;
  title: string;
  authorName: string;
  html: string;
  imageUrl: string | null;
  submittedAt: string;
}

/** One post in the moderation queue, rendered as it will appear, with the two decisions. */
export function ModerationItem({ post }: { post: PendingPost }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function decide(decision: "approve" | "reject", event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    const response = await fetch(`/api/admin/blog/posts/${post.id}/${decision}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(note.trim() ? { note: note.trim() } : {}),
    }).catch(() => null);
    setBusy(false);
    if (response?.ok) {
      toast.success(decision === "approve" ? t.approved : t.rejected);
      await revalidator.revalidate();
      return;
    }
    setError(await apiErrorMessage(response, t.loadFailedHint));
  }

  return (
    <li className="moderation-item">
      <article aria-labelledby={`queue-${post.id}`}>
        <h2 id={`queue-${post.id}`}>{post.title}</h2>
        <p className="blog-post__meta">
          {t.by} {post.authorName} · {t.submittedOn} {formatLongDate(post.submittedAt)}
        </p>
        {post.imageUrl && <img className="blog-post__image" src={post.imageUrl} alt="" width={1200} height={500} loading="lazy" />}
        <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      <form className="form moderation-item__actions" onSubmit={(e) => void decide("reject", e)}>
        <FormBanner tone="error">{error}</FormBanner>
        <fieldset className="form__fields" disabled={busy}>
          <TextAreaField label={t.rejectNote} name="note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          <div className="modal__actions">
            <button type="submit" className="button button--outline">
              {t.reject}
            </button>
            <button type="button" className="button button--primary" onClick={() => void decide("approve")}>
              {t.approve}
            </button>
          </div>
        </fieldset>
      </form>
    </li>
  );
}

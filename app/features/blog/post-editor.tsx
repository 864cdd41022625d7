import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/components/toaster";
import { InputField, TextAreaField } from "~/components/field";
import { FormBanner } from "~/components/form-banner";
import { blogTexts as t } from "~/lib/texts";
import { apiErrorMessage } from "~/lib/api-error";
import { ImageUploadField } from "./image-upload";
import { withImage } from "./insert-image";

interface Draft {
  title: string;
  imageUrl: string;
  markdown: string;
}

interface Props {
  /** Absent for a new post. */
  postId?: string;
  initial?: Draft;
}

const PREVIEW_DELAY_MS = 400;

/** Renders the Markdown on the server, the same way the published post will be. */
function usePreview(markdown: string) {
  const [html, setHtml] = useState("");
  useEffect(() => {
    if (!markdown.trim()) {
      setHtml("");
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      const response = await fetch("/api/blog/preview", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ markdown }),
        signal: controller.signal,
      }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as { html?: string } | null;
      if (body?.html !== undefined) setHtml(body.html);
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [markdown]);
  return html;
}

/** Issue #5: write or edit a post in Markdown with a live preview; it goes to moderation. */
export function PostEditor({ postId, initial }: Props) {
  const [draft, setDraft] = useState<Draft>(initial ?? { title: "", imageUrl: "", markdown: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const html = usePreview(draft.markdown);
  const navigate = useNavigate();
  const body = useRef<HTMLTextAreaElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const response = await fetch(postId ? `/api/blog/posts/${postId}` : "/api/blog/posts", {
      method: postId ? "PUT" : "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: draft.title, markdown: draft.markdown, imageUrl: draft.imageUrl.trim() || null }),
    }).catch(() => null);
    setBusy(false);
    if (response?.ok) {
      toast.success(t.submitted);
      navigate("/devinsights/mine");
      return;
    }
    // Nothing typed is lost: the draft stays in the form.
    setError(await apiErrorMessage(response, t.loadFailedHint));
  }

  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });

  /** Puts an uploaded image into the body where the cursor was, with alt text to fill in. */
  function insertImage(url: string) {
    const at = body.current?.selectionStart ?? draft.markdown.length;
    setDraft({ ...draft, markdown: withImage(draft.markdown, at, t.imageAltPlaceholder, url) });
    toast.success(t.imageInserted);
  }

  return (
    <div className="post-editor">
      <form className="form post-editor__form" onSubmit={onSubmit}>
        <FormBanner tone="error">{error}</FormBanner>
        <fieldset className="form__fields" disabled={busy}>
          <InputField label={t.title} name="title" required maxLength={200} value={draft.title} onChange={set("title")} />
          {/* Text, not type="url": an uploaded cover is an address on our site ("/uploads/…"). */}
          <InputField
            label={t.coverImage}
            name="imageUrl"
            inputMode="url"
            autoComplete="off"
            value={draft.imageUrl}
            onChange={set("imageUrl")}
          />
          <ImageUploadField label={t.uploadCover} onUploaded={(url) => setDraft({ ...draft, imageUrl: url })} />
          {draft.imageUrl.startsWith("/uploads/") && (
            <img className="post-editor__cover" src={draft.imageUrl} alt={t.coverPreviewAlt} width={320} height={134} />
          )}
          <TextAreaField
            label={t.body}
            name="markdown"
            required
            rows={16}
            value={draft.markdown}
            onChange={set("markdown")}
            aria-describedby="markdown-help"
            ref={body}
          />
          <p id="markdown-help" className="field__help">
            {t.bodyHelp}
          </p>
          <ImageUploadField label={t.uploadBodyImage} onUploaded={insertImage} />
          <button type="submit" className="button button--primary">
            {busy ? t.submitting : postId ? t.resubmit : t.submit}
          </button>
        </fieldset>
      </form>
      <section className="post-editor__preview" aria-labelledby="preview-title" aria-live="polite">
        <h2 id="preview-title">{t.preview}</h2>
        {html ? (
          // Sanitised by the server's one pipeline (server/blog/render.ts).
          <div className="blog-post__body" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="post-editor__empty">{t.previewEmpty}</p>
        )}
      </section>
    </div>
  );
}

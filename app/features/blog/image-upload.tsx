import { type ChangeEvent, useId, useState } from "react";
import { apiErrorMessage } from "~/lib/api-error";
import { blogTexts as t } from "~/lib/texts";

/** As the server checks it (server/uploads/image-upload.ts); checked here only to answer sooner. */
const MAX_BYTES = 2 * 1024 * 1024;
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

interface Props {
  label: string;
  /** Called with the uploaded image's address, e.g. "/uploads/….webp". */
  onUploaded(url: string): void;
}

/** A file picker that uploads one image to /api/uploads/images and hands back its address. */
export function ImageUploadField({ label, onUploaded }: Props) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setState({ busy: false, error: t.uploadTooLarge });
      input.value = "";
      return;
    }
    setState({ busy: true, error: null });
    const form = new FormData();
    form.set("file", file);
    const response = await fetch("/api/uploads/images", { method: "POST", body: form }).catch(() => null);
    input.value = "";
    if (response?.ok) {
      const { url } = (await response.json()) as { url: string };
      setState({ busy: false, error: null });
      onUploaded(url);
      return;
    }
    setState({ busy: false, error: await apiErrorMessage(response, t.uploadFailed) });
  }

  return (
    <div className="field image-upload">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type="file" accept={ACCEPT} disabled={state.busy} onChange={onChange} aria-describedby={`${id}-help ${id}-status`} />
      <p id={`${id}-help`} className="field__help">
        {t.uploadHelp}
      </p>
      <p id={`${id}-status`} className={state.error ? "field__error" : "field__help"} role="status">
        {state.busy ? t.uploading : state.error}
      </p>
    </div>
  );
}

import { Bookmark, BookmarkCheck, Circle, CircleCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "~/components/toaster";
import { apiErrorMessage } from "~/lib/api-error";
import { questionTexts as t } from "~/lib/texts";

export interface Mark {
  done: boolean;
  bookmarked: boolean;
}

export const NO_MARK: Mark = { done: false, bookmarked: false };

/** Saves a change on the server; the server's answer is the truth. */
async function saveMark(questionId: string, change: Partial<Mark>): Promise<Mark | string> {
  const response = await fetch(`/api/progress/questions/${encodeURIComponent(questionId)}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(change),
  }).catch(() => null);
  if (response?.ok) return (await response.json()) as Mark;
  return apiErrorMessage(response, t.markFailed);
}

interface Props {
  questionId: string;
  title: string;
  mark: Mark;
  onChange(next: Mark, previous: Mark): void;
}

/** "Done" and "Bookmark" for one question: shown at once, saved through the API, undone if saving fails. */
export function ProgressToggles({ questionId, title, mark, onChange }: Props) {
  const [busy, setBusy] = useState(false);
  async function toggle(key: keyof Mark) {
    const previous = mark;
    const wanted = { ...mark, [key]: !mark[key] };
    onChange(wanted, previous);
    setBusy(true);
    const saved = await saveMark(questionId, { [key]: wanted[key] });
    setBusy(false);
    if (typeof saved === "string") {
      onChange(previous, wanted);
      toast.error(saved);
    } else if (saved.done !== wanted.done || saved.bookmarked !== wanted.bookmarked) onChange(saved, wanted);
  }
  const buttons = [
    { key: "done" as const, label: t.done, title: t.markDone, on: CircleCheck, off: Circle },
    { key: "bookmarked" as const, label: t.bookmark, title: t.bookmark, on: BookmarkCheck, off: Bookmark },
  ];
  return (
    <div className="progress-toggles" role="group" aria-label={title}>
      {buttons.map(({ key, label, title: hint, on: On, off: Off }) => (
        <button
          key={key}
          type="button"
          className="icon-toggle"
          aria-pressed={mark[key]}
          disabled={busy}
          onClick={() => void toggle(key)}
          title={hint}
        >
          {mark[key] ? <On aria-hidden size={20} /> : <Off aria-hidden size={20} />}
          <span className="icon-toggle__label">{label}</span>
        </button>
      ))}
    </div>
  );
}

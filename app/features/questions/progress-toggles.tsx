import { Bookmark, BookmarkCheck, Circle, CircleCheck } from "lucide-react";
import { questionTexts as t } from "~/lib/texts";

export interface Mark {
  done: boolean;
  bookmarked: boolean;
}

export const NO_MARK: Mark = { done: false, bookmarked: false };

/** The form fields of a mark change, posted to the page's own route action (server/progress/mark-form.ts). */
export const MARK_FIELDS = { intent: "intent", value: "value", question: "question" } as const;

interface Props {
  questionId: string;
  title: string;
  mark: Mark;
}

/**
 * "Done" and "Bookmark" for one question, for signed-in readers. Each is a form posted to the
 * page's route action, which saves the change and sends the reader back (303), so it works with
 * no script; the marks island (app/islands/marks.ts) sends the same change through the API
 * instead and flips the button in place. Both icons are in the HTML; CSS shows the one that
 * matches aria-pressed.
 */
export function ProgressToggles({ questionId, title, mark }: Props) {
  const buttons = [
    { key: "done" as const, label: t.done, title: t.markDone, on: CircleCheck, off: Circle },
    { key: "bookmarked" as const, label: t.bookmark, title: t.bookmark, on: BookmarkCheck, off: Bookmark },
  ];
  return (
    <div
      className="progress-toggles"
      role="group"
      aria-label={title}
      data-island="marks"
      data-question={questionId}
      data-failed={t.markFailed}
    >
      {buttons.map(({ key, label, title: hint, on: On, off: Off }) => (
        <form key={key} method="post" className="progress-toggles__form">
          <input type="hidden" name={MARK_FIELDS.question} value={questionId} />
          <input type="hidden" name={MARK_FIELDS.value} value={String(!mark[key])} />
          <button type="submit" name={MARK_FIELDS.intent} value={key} className="icon-toggle" aria-pressed={mark[key]} title={hint}>
            <On aria-hidden size={20} className="icon-toggle__on" />
            <Off aria-hidden size={20} className="icon-toggle__off" />
            <span className="icon-toggle__label">{label}</span>
          </button>
        </form>
      ))}
      <p className="progress-toggles__error" role="alert" hidden />
    </div>
  );
}

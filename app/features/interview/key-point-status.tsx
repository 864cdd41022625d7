import { CircleCheck, CircleDashed, CircleX } from "lucide-react";
import { interviewTexts as t } from "~/lib/texts";
import type { KeyPointStatus as Status } from "./interview-types";

const ICONS = { covered: CircleCheck, missing: CircleDashed, contradicted: CircleX } as const;

/**
 * What the engine found of a key point (issue #34): an icon and its word, never colour alone,
 * then the candidate's words behind a covered or contradicted point.
 */
export function KeyPointStatus({ status, evidence, label, id }: { status: Status; evidence: string | null; label?: string; id?: string }) {
  const Icon = ICONS[status];
  return (
    <div id={id} className={`key-point-status key-point-status--${status}`}>
      <p className="key-point-status__verdict">
        <Icon aria-hidden size={16} />
        {label ?? t.status[status]}
      </p>
      {evidence && <blockquote className="interview-rubric__evidence">“{evidence}”</blockquote>}
    </div>
  );
}

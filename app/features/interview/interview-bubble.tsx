import { interviewTexts as t } from "~/lib/texts";

/** One turn of the conversation: what the interviewer or the candidate said. */
export function Bubble({ from, text }: { from: "interviewer" | "you"; text: string | null }) {
  return (
    <div className={`interview-bubble interview-bubble--${from}`}>
      <span className="interview-bubble__who">{from === "interviewer" ? t.interviewer : t.you}</span>
      <p className="interview-bubble__text">{text || t.noAnswer}</p>
    </div>
  );
}

import { interviewTexts as t } from "~/lib/texts";

/**
 * One turn of the conversation: what the interviewer or the candidate said. The interviewer's
 * words come as `html` once said whole (their Markdown rendered and sanitised on the server,
 * server/questions/render.ts); while they stream in, and for the candidate's own words, `text`
 * is shown as typed, line breaks kept.
 */
export function Bubble({ from, text, html }: { from: "interviewer" | "you"; text: string | null; html?: string | null }) {
  return (
    <div className={`interview-bubble interview-bubble--${from}`}>
      <span className="interview-bubble__who">{from === "interviewer" ? t.interviewer : t.you}</span>
      {html ? (
        // Sanitised on the server, with any HTML the interviewer wrote escaped (renderSpokenMarkdown).
        <div className="interview-bubble__text interview-bubble__text--rich question-prose" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="interview-bubble__text">{text || t.noAnswer}</p>
      )}
    </div>
  );
}

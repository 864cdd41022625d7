import { Timer } from "lucide-react";
import { Link } from "react-router";
import { quizTexts as t } from "~/lib/texts";

/** Issue #12: the way from the home page to the practice quizzes (open to visitors too). */
export function QuizCall() {
  return (
    <section className="home-section quiz-call" aria-labelledby="quiz-call-title">
      <Timer aria-hidden size={40} className="quiz-call__icon" />
      <div className="quiz-call__text">
        <h2 id="quiz-call-title">{t.homeHeading}</h2>
        <p>{t.homeText}</p>
      </div>
      <Link className="button button--accent" to="/quizzes">
        {t.takeAQuiz}
      </Link>
    </section>
  );
}

import { BookOpen, Code2, Terminal } from "lucide-react";
import { type CardNumber, defaultSelection, selectionSearch } from "~/lib/selection";
import { fill, texts } from "~/lib/texts";

const icons = [BookOpen, Terminal, Code2];

/**
 * Spec §2: the three kinds of practice, as selections 1, 2 and 3: links to the question list
 * with the card's selection in the query, so they lead on without scripts. Visitors get the
 * spec's alert instead (the frame's login gate); the home island stores the chosen card.
 */
export function CategoryCards({ counts, questions }: { counts: number[]; questions: string }) {
  return (
    <section className="home-section" aria-labelledby="categories-title">
      <h2 id="categories-title">{texts.home.cardsHeading}</h2>
      <ul className="category-cards">
        {texts.home.cards.map((card, i) => {
          const Icon = icons[i] ?? BookOpen;
          const selectedCard = (i + 1) as CardNumber;
          return (
            <li key={card.title}>
              <a
                className="category-card"
                href={`${questions}${selectionSearch({ ...defaultSelection, selectedCard })}`}
                data-card={selectedCard}
                data-login-gate={texts.home.loginRequired}
              >
                <Icon aria-hidden size={32} className="category-card__icon" />
                <span className="category-card__title">{card.title}</span>
                <span className="category-card__text">{card.description}</span>
                <span className="category-card__count">{fill(texts.home.cardCount, { count: counts[i] ?? 0 })}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

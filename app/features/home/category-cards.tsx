import { BookOpen, Code2, Terminal } from "lucide-react";
import type { CardNumber } from "~/lib/selection";
import { fill, texts } from "~/lib/texts";

const icons = [BookOpen, Terminal, Code2];

/** Spec §2: the three kinds of practice, as selections 1, 2 and 3. */
export function CategoryCards({ counts, onChoose }: { counts: number[]; onChoose: (card: CardNumber) => void }) {
  return (
    <section className="home-section" aria-labelledby="categories-title">
      <h2 id="categories-title">{texts.home.cardsHeading}</h2>
      <ul className="category-cards">
        {texts.home.cards.map((card, i) => {
          const Icon = icons[i] ?? BookOpen;
          return (
            <li key={card.title}>
              <button type="button" className="category-card" onClick={() => onChoose((i + 1) as CardNumber)}>
                <Icon aria-hidden size={32} className="category-card__icon" />
                <span className="category-card__title">{card.title}</span>
                <span className="category-card__text">{card.description}</span>
                <span className="category-card__count">{fill(texts.home.cardCount, { count: counts[i] ?? 0 })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

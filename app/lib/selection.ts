import type { Kind, Level } from "./technologies";

/**
 * Spec §3 shared selection state: which question kind (card 1–3) and which list the
 * visitor chose, kept in local storage so it survives reloads and reaches the question
 * pages.
 */
export const SELECTION_KEYS = { card: "selectedCard", subCard: "selectedSubCard" } as const;

export type CardNumber = 1 | 2 | 3;
export type SubCard = "List 1" | "List 2" | "List 3";

export interface Selection {
  selectedCard: CardNumber;
  selectedSubCard: SubCard;
}

export const defaultSelection: Selection = { selectedCard: 1, selectedSubCard: "List 1" };

function isCard(value: number): value is CardNumber {
  return value === 1 || value === 2 || value === 3;
}

function isSubCard(value: string | null): value is SubCard {
  return value === "List 1" || value === "List 2" || value === "List 3";
}

/** The stored selection; anything missing or out of range falls back to the defaults. */
export function readSelection(storage: Storage): Selection {
  try {
    const card = Number(storage.getItem(SELECTION_KEYS.card));
    const subCard = storage.getItem(SELECTION_KEYS.subCard);
    return {
      selectedCard: isCard(card) ? card : defaultSelection.selectedCard,
      selectedSubCard: isSubCard(subCard) ? subCard : defaultSelection.selectedSubCard,
    };
  } catch {
    return defaultSelection;
  }
}

export function writeSelection(storage: Storage, change: Partial<Selection>): void {
  try {
    if (change.selectedCard !== undefined) storage.setItem(SELECTION_KEYS.card, String(change.selectedCard));
    if (change.selectedSubCard !== undefined) storage.setItem(SELECTION_KEYS.subCard, change.selectedSubCard);
  } catch {
    // Storage unavailable: the choice still applies to this navigation.
  }
}

/** Card 1–3 is the kind of question, List 1–3 the level (spec §2, issue #6). */
export const CARD_KINDS: Record<CardNumber, Kind> = { 1: "theory", 2: "console", 3: "program" };
export const SUBCARD_LEVELS: Record<SubCard, Level> = { "List 1": "beginner", "List 2": "advance", "List 3": "expert" };

export function selectionOf(kind: Kind, level: Level): Selection {
  const card = (Object.keys(CARD_KINDS) as unknown as CardNumber[]).find((c) => CARD_KINDS[c] === kind) ?? 1;
  const subCard = (Object.keys(SUBCARD_LEVELS) as SubCard[]).find((s) => SUBCARD_LEVELS[s] === level) ?? "List 1";
  return { selectedCard: Number(card) as CardNumber, selectedSubCard: subCard };
}

/** The list page's query for a selection: "?kind=console&level=advance". */
export function selectionSearch(selection: Selection): string {
  return `?kind=${CARD_KINDS[selection.selectedCard]}&level=${SUBCARD_LEVELS[selection.selectedSubCard]}`;
}

// The home page's island: the category cards remember the chosen card for signed-in readers
// (spec §3; visitors are stopped by the frame's login gate), and the visited cookie with the
// welcome-back greeting (spec §2/§9). The greeting's words come from data-welcome.
import { hasCookie } from "~/lib/site";
import { type CardNumber, readSelection, selectionSearch, writeSelection } from "~/lib/selection";

/** Spec §9: the visited cookie, value true, for 7 days. */
export const VISITED_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export default function home(root: HTMLElement) {
  root.addEventListener("click", (event) => {
    const card = (event.target as Element).closest<HTMLAnchorElement>("a[data-card]");
    if (!card || document.documentElement.dataset.signedIn !== "true") return;
    writeSelection(localStorage, { selectedCard: Number(card.dataset.card) as CardNumber });
    // The link carries the card; the stored list (level) goes with it.
    card.search = selectionSearch(readSelection(localStorage));
  });

  const welcome = root.querySelector<HTMLElement>("[data-welcome]")?.dataset.welcome;
  if (welcome && hasCookie("visited", document.cookie)) console.log(welcome);
  document.cookie = `visited=true; Max-Age=${VISITED_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

import { Search } from "lucide-react";
import { useMatches } from "react-router";
import { SEARCH_LIMITS } from "~/lib/search";
import { searchTexts, texts } from "~/lib/texts";

export const HEADER_SEARCH_ID = "site-search";

/** The technology whose list, question or challenge page this is (route ids in routes.ts). */
function useCurrentTechnology(): string | undefined {
  return useMatches()
    .map((match) => /^(?:question-list|question-page|challenge)-(.+)$/.exec(match.id)?.[1])
    .find(Boolean);
}

/**
 * The header's search (issue #33): the icon opens a small search form as a popover, with no
 * script, and the browser puts focus in its field (`autofocus` in a popover). The form is a GET
 * to /search, so without popovers or scripts it still gets there. From a technology's pages it
 * sends that technology along (`tech`), and its questions rank first. With scripts, `/` opens it
 * and, on a page with its own search field, the icon and `/` go to that field instead
 * (app/lib/enhance/shell.ts).
 */
export function HeaderSearch() {
  const technology = useCurrentTechnology();
  return (
    <>
      <button
        type="button"
        className="icon-button header-search__button"
        popoverTarget={HEADER_SEARCH_ID}
        aria-expanded="false"
        aria-controls={HEADER_SEARCH_ID}
        aria-label={texts.nav.search}
        title={`${texts.nav.search} (/)`}
        aria-keyshortcuts="/"
        data-header-search
      >
        <Search aria-hidden size={20} />
      </button>
      <form
        id={HEADER_SEARCH_ID}
        popover="auto"
        method="get"
        action="/search"
        role="search"
        aria-label={texts.nav.search}
        className="header-search"
      >
        <label htmlFor={`${HEADER_SEARCH_ID}-q`} className="visually-hidden">
          {texts.nav.search}
        </label>
        <input
          id={`${HEADER_SEARCH_ID}-q`}
          type="search"
          name="q"
          required
          autoFocus
          maxLength={SEARCH_LIMITS.query}
          placeholder={searchTexts.placeholder}
          className="header-search__field"
        />
        {technology && <input type="hidden" name="tech" value={technology} />}
        <button type="submit" className="button button--primary button--small">
          {searchTexts.submit}
        </button>
      </form>
    </>
  );
}

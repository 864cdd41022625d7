// Dev Insights' list: while the next page of posts is on its way (a page load), the list shows
// its own loading state in place of the posts, as the spec's list does.
import { loadingStatus } from "~/lib/enhance/page-loading";

export default function blogList(root: HTMLElement) {
  root.addEventListener("click", (event) => {
    const more = (event.target as Element).closest?.("a[data-blog-more]");
    if (!more || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    root.querySelector(".post-grid")?.replaceWith(loadingStatus(document, "blog-list__loading", root.dataset.loadingLabel ?? ""));
    more.closest(".blog-list__more")?.remove();
  });
}

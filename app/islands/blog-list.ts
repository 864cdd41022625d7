// Dev Insights' list: while the next page of posts is on its way (a page load), the list shows
// its own loading state in place of the posts, as the spec's list does.
export default function blogList(root: HTMLElement) {
  root.addEventListener("click", (event) => {
    const more = (event.target as Element).closest?.("a[data-blog-more]");
    if (!more || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const loading = document.createElement("div");
    loading.className = "blog-list__loading";
    loading.setAttribute("role", "status");
    const spinner = document.createElement("div");
    spinner.className = "spinner";
    spinner.setAttribute("aria-hidden", "true");
    const label = Object.assign(document.createElement("span"), {
      className: "visually-hidden",
      textContent: root.dataset.loadingLabel ?? "",
    });
    loading.append(spinner, label);
    root.querySelector(".post-grid")?.replaceWith(loading);
    more.closest(".blog-list__more")?.remove();
  });
}

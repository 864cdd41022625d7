// The home page's hero carousel (app/features/home/hero-carousel.tsx) with scripts: rotates
// every 6 s (spec §9), stops while hovered or focused, when paused and for people who prefer
// reduced motion (WAI-ARIA carousel pattern), and follows previous/next, the dots and swipes.
// Without it the first slide shows and the controls stay hidden. Words come from data-*.

/** Spec §9: 3 slides, advancing every 6000 ms. */
export const SLIDE_INTERVAL_MS = 6000;
const SWIPE_PX = 50;

export default function carousel(root: HTMLElement) {
  const slides = [...root.querySelectorAll<HTMLElement>(".hero__slide")];
  const dots = [...root.querySelectorAll<HTMLElement>('[data-carousel="dot"]')];
  const container = root.querySelector<HTMLElement>(".hero__slides");
  const pause = root.querySelector<HTMLButtonElement>('[data-carousel="pause"]');
  if (!slides.length || !container) return;
  const media = window.matchMedia("(prefers-reduced-motion: reduce)");
  let index = 0;
  let hovered = false;
  let focused = false;
  let paused = false;
  let timer: number | undefined;
  let swipeStart: number | null = null;

  const rotating = () => !hovered && !focused && !paused && !media.matches;

  // A new timer for every slide and every change of state, so a slide always gets its full time.
  function schedule() {
    window.clearTimeout(timer);
    container!.setAttribute("aria-live", rotating() ? "off" : "polite");
    if (rotating()) timer = window.setTimeout(() => go(index + 1), SLIDE_INTERVAL_MS);
  }

  function go(next: number) {
    index = (next + slides.length) % slides.length;
    // The first slide is there when the page paints; only a change of slide fades in.
    container!.dataset.moved = "true";
    slides.forEach((slide, i) => {
      slide.hidden = i !== index;
      slide.dataset.active = String(i === index);
    });
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    schedule();
  }

  function setPaused(value: boolean) {
    paused = value;
    if (pause) {
      pause.setAttribute("aria-label", (paused ? root.dataset.labelPlay : root.dataset.labelPause) ?? "");
      for (const icon of pause.querySelectorAll<SVGElement>("[data-carousel-icon]"))
        icon.style.display = (icon.dataset.carouselIcon === "play") === paused ? "" : "none";
    }
    schedule();
  }

  root.addEventListener("click", (event) => {
    const control = (event.target as Element).closest<HTMLElement>("[data-carousel]");
    if (!control) return;
    const kind = control.dataset.carousel;
    if (kind === "pause") setPaused(!paused);
    else if (kind === "previous") go(index - 1);
    else if (kind === "next") go(index + 1);
    else if (kind === "dot") go(dots.indexOf(control));
  });
  root.addEventListener("mouseenter", () => {
    hovered = true;
    schedule();
  });
  root.addEventListener("mouseleave", () => {
    hovered = false;
    schedule();
  });
  root.addEventListener("focusin", () => {
    focused = true;
    schedule();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  container.addEventListener("pointerdown", (event) => (swipeStart = event.clientX));
  container.addEventListener("pointerup", (event) => {
    if (swipeStart === null) return;
    const dx = event.clientX - swipeStart;
    swipeStart = null;
    if (Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  });
  media.addEventListener("change", schedule);

  // The pointer may already be over the hero, or focus in it, when this arrives.
  hovered = root.matches(":hover");
  focused = root.contains(document.activeElement);
  root.dataset.ready = "true";
  schedule();
}

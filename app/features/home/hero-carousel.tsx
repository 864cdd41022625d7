import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { fill, texts } from "~/lib/texts";

/** Spec §9: 3 slides, advancing every 6000 ms. */
export const SLIDE_INTERVAL_MS = 6000;
const SWIPE_PX = 50;

const t = texts.home;

/**
 * The hero: rotates on its own, but stops while hovered or focused, when the user
 * pauses it, and entirely for people who prefer reduced motion (WAI-ARIA carousel
 * pattern). Swipeable on touch screens.
 */
export function HeroCarousel({ onAction }: { onAction: () => void }) {
  const slides = t.slides;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  // The first slide is there when the page paints; only a change of slide fades in (an opening
  // fade would hold back the page's largest paint by its length).
  const [moved, setMoved] = useState(false);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    const media = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(media.matches);
    const follow = () => setReducedMotion(media.matches);
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, []);

  const rotating = !hovered && !focused && !paused && !reducedMotion;

  // A new timer for every slide, so a manual change gives the new slide its full time. A slide the
  // timer brought in counts from that moment, not from when this effect ran (a frame or so later
  // in the browser), so the rotation keeps to its interval.
  const advanced = useRef<{ index: number; at: number } | null>(null);
  useEffect(() => {
    const late = advanced.current?.index === index ? Date.now() - advanced.current.at : 0;
    advanced.current = null; // used once: a slide resumed after a pause gets its full time
    if (!rotating) return;
    const timer = window.setTimeout(
      () => {
        const next = (index + 1) % slides.length;
        advanced.current = { index: next, at: Date.now() };
        setMoved(true);
        setIndex(next);
      },
      Math.max(0, SLIDE_INTERVAL_MS - late),
    );
    return () => window.clearTimeout(timer);
  }, [rotating, index, slides.length]);

  const go = (next: number) => {
    advanced.current = null;
    setMoved(true);
    setIndex((next + slides.length) % slides.length);
  };

  function onPointerDown(event: PointerEvent) {
    swipeStart.current = event.clientX;
  }

  function onPointerUp(event: PointerEvent) {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  }

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t.carouselLabel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="hero__slides"
        data-moved={moved || undefined}
        aria-live={rotating ? "off" : "polite"}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.headline}
            className={`hero__slide hero__slide--${i + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={fill(t.slideOf, { n: i + 1, total: slides.length })}
            hidden={i !== index}
            data-active={i === index}
          >
            <h2 className="hero__headline">{slide.headline}</h2>
            <p className="hero__subheadline">{slide.subheadline}</p>
            <button type="button" className="button button--accent hero__cta" onClick={onAction}>
              {slide.button}
            </button>
          </div>
        ))}
      </div>
      <div className="hero__controls">
        <button
          type="button"
          className="icon-button hero__control"
          aria-label={paused ? t.play : t.pause}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? <Play aria-hidden size={18} /> : <Pause aria-hidden size={18} />}
        </button>
        <button type="button" className="icon-button hero__control" aria-label={t.previousSlide} onClick={() => go(index - 1)}>
          <ChevronLeft aria-hidden size={22} />
        </button>
        <div className="hero__dots">
          {slides.map((slide, i) => (
            <button
              key={slide.headline}
              type="button"
              className="hero__dot"
              aria-label={fill(t.goToSlide, { n: i + 1 })}
              aria-current={i === index ? "true" : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" className="icon-button hero__control" aria-label={t.nextSlide} onClick={() => go(index + 1)}>
          <ChevronRight aria-hidden size={22} />
        </button>
      </div>
    </section>
  );
}

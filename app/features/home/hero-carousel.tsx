import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { fill, texts } from "~/lib/texts";

const t = texts.home;

/**
 * The hero, rendered on the server with its first slide showing. The carousel island
 * (app/islands/carousel.ts) rotates it every 6 s, stops while it is hovered or focused, when
 * paused and for people who prefer reduced motion (WAI-ARIA carousel pattern), and follows
 * swipes; until it runs (or with JavaScript off) the controls are hidden (global.css). Every
 * call to action is a link to the question list, gated for visitors (spec §2).
 */
export function HeroCarousel({ href }: { href: string }) {
  const slides = t.slides;
  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={t.carouselLabel}
      data-island="carousel"
      data-label-pause={t.pause}
      data-label-play={t.play}
    >
      <div className="hero__slides" aria-live="off">
        {slides.map((slide, i) => (
          <div
            key={slide.headline}
            className={`hero__slide hero__slide--${i + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={fill(t.slideOf, { n: i + 1, total: slides.length })}
            hidden={i !== 0}
            data-active={i === 0}
          >
            <h2 className="hero__headline">{slide.headline}</h2>
            <p className="hero__subheadline">{slide.subheadline}</p>
            <a className="button button--accent hero__cta" href={href} data-login-gate={t.loginRequired} data-login-then="auth-login">
              {slide.button}
            </a>
          </div>
        ))}
      </div>
      <div className="hero__controls">
        <button type="button" className="icon-button hero__control" aria-label={t.pause} data-carousel="pause">
          <Pause aria-hidden size={18} data-carousel-icon="pause" />
          <Play aria-hidden size={18} data-carousel-icon="play" style={{ display: "none" }} />
        </button>
        <button type="button" className="icon-button hero__control" aria-label={t.previousSlide} data-carousel="previous">
          <ChevronLeft aria-hidden size={22} />
        </button>
        <div className="hero__dots">
          {slides.map((slide, i) => (
            <button
              key={slide.headline}
              type="button"
              className="hero__dot"
              aria-label={fill(t.goToSlide, { n: i + 1 })}
              aria-current={i === 0 ? "true" : undefined}
              data-carousel="dot"
            />
          ))}
        </div>
        <button type="button" className="icon-button hero__control" aria-label={t.nextSlide} data-carousel="next">
          <ChevronRight aria-hidden size={22} />
        </button>
      </div>
    </section>
  );
}

import { useEffect, useRef } from "react";
import { hasCookie } from "~/lib/site";
import { fill, texts } from "~/lib/texts";

/** Spec §9: the visited cookie, value true, for 7 days. */
export const VISITED_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function AboutSection({ siteName }: { siteName: string }) {
  const greeted = useRef(false);

  // Spec §2: greet a returning visitor in the console, then (re)set the visited cookie.
  useEffect(() => {
    if (greeted.current) return;
    greeted.current = true;
    if (hasCookie("visited", document.cookie)) console.log(fill(texts.home.welcomeBack, { name: siteName }));
    document.cookie = `visited=true; Max-Age=${VISITED_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
  }, [siteName]);

  return (
    <section className="home-section home-about" aria-labelledby="home-about-title">
      <img
        className="home-about__logo"
        src="/images/logo.svg"
        alt={fill(texts.home.aboutLogoAlt, { name: siteName })}
        width={160}
        height={160}
        loading="lazy"
      />
      <div>
        <h2 id="home-about-title">{texts.home.aboutHeading}</h2>
        {texts.home.aboutParagraphs.map((paragraph) => (
          <p key={paragraph}>{fill(paragraph, { name: siteName })}</p>
        ))}
      </div>
    </section>
  );
}

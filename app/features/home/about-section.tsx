import { fill, texts } from "~/lib/texts";

export function AboutSection({ siteName }: { siteName: string }) {
  return (
    // Spec §2: the home island greets a returning visitor in the console with these words,
    // then (re)sets the visited cookie (app/islands/home.ts).
    <section
      className="home-section home-about"
      aria-labelledby="home-about-title"
      data-welcome={fill(texts.home.welcomeBack, { name: siteName })}
    >
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

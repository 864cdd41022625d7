import { CheckCircle2 } from "lucide-react";
import { fill, texts } from "~/lib/texts";

export function WhyUs({ siteName }: { siteName: string }) {
  return (
    <section className="home-section why-us" aria-labelledby="why-title">
      <div className="why-us__text">
        <h2 id="why-title">{fill(texts.home.whyHeading, { name: siteName })}</h2>
        <ul className="why-us__list">
          {texts.home.reasons.map((reason) => (
            <li key={reason.title}>
              <CheckCircle2 aria-hidden size={22} className="why-us__icon" />
              <div>
                <h3 className="why-us__title">{reason.title}</h3>
                <p>{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <img className="why-us__image" src="/images/why-us.svg" alt={texts.home.whyImageAlt} width={480} height={400} loading="lazy" />
    </section>
  );
}

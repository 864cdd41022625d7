import { texts } from "~/lib/texts";

/** The store badge link (spec: 65 px high), drawn by us as an SVG. */
export function PlayStoreBadge({ href, className }: { href: string; className?: string }) {
  return (
    <a className={["play-badge", className].filter(Boolean).join(" ")} href={href} target="_blank" rel="noopener noreferrer">
      <img src="/images/play-store-badge.svg" alt={texts.nav.playStoreBadgeAlt} width={195} height={65} />
    </a>
  );
}

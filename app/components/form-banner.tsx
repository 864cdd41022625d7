import type { ReactNode } from "react";

/** The banner above a form: an error (announced at once) or a success (announced politely). */
export function FormBanner({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`form-banner form-banner--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

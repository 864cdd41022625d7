import { useRouteLoaderData } from "react-router";
import type { PublicSettings } from "./site";

// Used only when the root loader itself failed and no settings reached the page.
const fallbackSite: PublicSettings = {
  name: "DevPrep",
  product: "devprep",
  email: "",
  phone: "",
  playStoreUrl: "",
  baseUrl: "",
  consentCookie: "devpreps",
  googleSignIn: false,
  social: { chat: "", group: "", freelance: "", share: "" },
};

/** The site's public settings (name, contact details, links) from the root loader. */
export function useSite(): PublicSettings {
  return useRouteLoaderData<{ site: PublicSettings }>("root")?.site ?? fallbackSite;
}

import type { AuthFlash } from "~/features/auth/flash";
import type { Services } from "../server/services";

// What server.ts hands every loader and action (server/app.ts); type-only here.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    /** Left by a sign-in form posted without JavaScript for the page it returned to (server/http/auth-forms.ts). */
    authFlash?: AuthFlash | null;
    requestId: string;
    /** The client's rate-limit key (its address, hashed), as the API computes it. */
    clientKey: () => string;
  }
}

export {};

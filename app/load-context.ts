import type { Services } from "../server/services";

// What server.ts hands every loader and action (server/app.ts); type-only here.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    requestId: string;
    /** The client's rate-limit key (its address, hashed), as the API computes it. */
    clientKey: () => string;
  }
}

export {};

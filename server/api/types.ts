import type { Services } from "../services";

export interface ApiEnv {
  Variables: {
    services: Services;
    requestId: string;
    cspNonce: string;
  };
}

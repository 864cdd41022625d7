import { createContext, useContext } from "react";

// The CSP nonce of this response, provided by entry.server; empty in the browser
// (browsers hide nonce attributes from scripts, and React leaves them alone).
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

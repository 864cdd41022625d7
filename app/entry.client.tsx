import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { keepIdsInStep } from "~/lib/hydration-ids";

keepIdsInStep();

/**
 * The browser runs Preact's compat layer (docs/decisions/016). React Router's router suspends
 * on its first render until it has decoded the data the server streamed into the page. React
 * lets the root of a hydration suspend; Preact does not (the page is the root, and a boundary
 * around it loses the <head>). So the decoding starts here, before hydration: the router's
 * first step throws the promise to wait for, and the render after it finds the data ready.
 */
async function routerDataDecoded() {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

void routerDataDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);

import { startGoogleSignIn } from "../../server/auth/google";
import type { Route } from "./+types/auth-google";

// Opened in the sign-in popup: sends it on to Google (or our test provider).
export function loader({ request, context }: Route.LoaderArgs) {
  return startGoogleSignIn(context.services, request);
}

import { Toaster as Sonner } from "sonner";

/** Toasts in the spec's colours: success green, error red, info teal (global.css). */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      closeButton
      toastOptions={{
        unstyled: false,
        classNames: { toast: "toast", success: "toast--success", error: "toast--error", info: "toast--info" },
      }}
    />
  );
}

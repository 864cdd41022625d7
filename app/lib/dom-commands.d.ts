// Attributes React passes through but its types do not know yet: invoker commands
// (`command`/`commandfor` on buttons, Baseline 2025) and light dismiss for dialogs (`closedby`).
/* eslint-disable @typescript-eslint/no-unused-vars -- merged interfaces must repeat React's type parameter */
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
    commandfor?: string;
  }
  interface DialogHTMLAttributes<T> {
    closedby?: "any" | "closerequest" | "none";
  }
}

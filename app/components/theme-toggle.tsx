import { Moon, Sun } from "lucide-react";
import { texts } from "~/lib/texts";

/**
 * Follows the system setting until the user picks a theme; the pick is remembered
 * (app/lib/enhance/shell.ts does the switching; CSS shows the icon for the theme in use).
 */
export function ThemeToggle() {
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={texts.theme.toDark}
      title={texts.theme.toDark}
      data-theme-toggle
      data-label-dark={texts.theme.toDark}
      data-label-light={texts.theme.toLight}
    >
      <Moon aria-hidden size={20} className="theme-toggle__moon" />
      <Sun aria-hidden size={20} className="theme-toggle__sun" />
    </button>
  );
}

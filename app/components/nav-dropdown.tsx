import { ChevronDown } from "lucide-react";
import { NavLink } from "react-router";
import type { NavGroup } from "~/lib/nav";

/**
 * A menu of links under a button, made with the Popover API: it opens and closes with no
 * script, Escape and a click outside close it, and the browser returns focus to the button.
 * The list stays a plain list of links for Tab and screen readers. `aria-expanded` follows
 * the popover (app/lib/enhance/shell.ts); the browser also exposes it on its own.
 */
export function NavDropdown({ group }: { group: NavGroup }) {
  const menuId = `nav-menu-${group.id}`;
  return (
    <div className="nav-dropdown">
      <button type="button" className="nav-link nav-dropdown__button" popoverTarget={menuId} aria-expanded="false" aria-controls={menuId}>
        {group.label}
        <ChevronDown aria-hidden size={16} className="nav-dropdown__chevron" />
      </button>
      <ul id={menuId} className="nav-dropdown__menu" popover="auto">
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="nav-dropdown__item">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { ChevronDown } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import type { NavGroup } from "~/lib/nav";

interface Props {
  group: NavGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A disclosure menu of links (the WAI-ARIA navigation disclosure pattern): a button with
 * aria-expanded and a plain list, so Tab and screen readers work as on any link list.
 * Escape closes it and returns focus to its button; the header closes it on a click
 * outside and when another opens.
 */
export function NavDropdown({ group, open, onOpenChange }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const menuId = `nav-menu-${group.id}`;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onOpenChange(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onOpenChange]);

  return (
    <div
      className="nav-dropdown"
      onBlur={(event) => {
        // Tabbing out of the open menu closes it.
        if (open && event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="nav-link nav-dropdown__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => onOpenChange(!open)}
      >
        {group.label}
        <ChevronDown aria-hidden size={16} className="nav-dropdown__chevron" />
      </button>
      <ul id={menuId} className="nav-dropdown__menu" hidden={!open}>
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="nav-dropdown__item" onClick={() => onOpenChange(false)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

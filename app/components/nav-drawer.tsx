import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";
import { homeLink, navGroups, trailingLinks } from "~/lib/nav";
import { displayName, useSession } from "~/lib/session";
import type { PublicSettings } from "~/lib/site";
import { texts } from "~/lib/texts";
import { PlayStoreBadge } from "./play-store-badge";

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  onAuth: (view: "login" | "signup") => void;
  onLogout: () => void;
  site: PublicSettings;
}

/**
 * Spec §2: below 992 px the navigation lives in a side drawer. A modal <dialog> gives
 * the focus trap, Escape and an inert page behind it for free; a click on the backdrop
 * closes it too.
 */
export function NavDrawer({ id, open, onClose, onAuth, onLogout, site }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const session = useSession();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const t = texts.nav;
  return (
    <dialog
      ref={dialog}
      id={id}
      className="nav-drawer"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="nav-drawer__panel">
        <div className="nav-drawer__head">
          <h2 id={`${id}-title`} className="nav-drawer__title">
            {t.drawerTitle}
          </h2>
          <button type="button" className="icon-button" aria-label={t.closeMenu} onClick={onClose} autoFocus>
            <X aria-hidden size={22} />
          </button>
        </div>
        <nav aria-label={t.drawerTitle}>
          <ul className="nav-drawer__list">
            <li>
              <NavLink to={homeLink.to} end className="nav-drawer__link">
                {homeLink.label}
              </NavLink>
            </li>
            {navGroups.map((group) => (
              <li key={group.id}>
                <span className="nav-drawer__group" id={`${id}-${group.id}`}>
                  {group.label}
                </span>
                <ul aria-labelledby={`${id}-${group.id}`} className="nav-drawer__sublist">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className="nav-drawer__link">
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {trailingLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="nav-drawer__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="nav-drawer__account">
          {session.status === "authenticated" ? (
            <>
              <p className="nav-drawer__user">
                <NavLink to="/account">{displayName(session.user, t.fallbackUserName)}</NavLink>
              </p>
              <p className="nav-drawer__email">{session.user.email}</p>
              <button type="button" className="button button--outline" onClick={onLogout}>
                {t.logout}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button button--primary" onClick={() => onAuth("login")}>
                {t.login}
              </button>
              <button type="button" className="button button--outline" onClick={() => onAuth("signup")}>
                {t.signUp}
              </button>
            </>
          )}
        </div>
        {site.playStoreUrl && <PlayStoreBadge href={site.playStoreUrl} />}
      </div>
    </dialog>
  );
}

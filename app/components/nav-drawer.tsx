import { X } from "lucide-react";
import { NavLink } from "react-router";
import { authDialogId } from "~/lib/auth-dialog";
import { homeLink, navGroups, practiceLinks, trailingLinks } from "~/lib/nav";
import { displayName, useSession } from "~/lib/session";
import type { PublicSettings } from "~/lib/site";
import { texts } from "~/lib/texts";
import { PlayStoreBadge } from "./play-store-badge";
import { LogoutForm } from "./site-header";

/**
 * Spec §2: below 992 px the navigation lives in a side drawer. A modal <dialog> opened by an
 * invoker command (the header's menu button) gives Escape and an inert page behind it with no
 * script; `closedby="any"` closes it on a click on the backdrop.
 *
 * Issue #33: on a phone the drawer is the way into the product, so it opens on the account
 * (Login and Sign Up, or who is signed in), then the practice tools, then the technologies,
 * then the rest of the site.
 */
export function NavDrawer({ id, site }: { id: string; site: PublicSettings }) {
  const session = useSession();
  const t = texts.nav;
  return (
    <dialog id={id} className="nav-drawer" aria-labelledby={`${id}-title`} closedby="any">
      <div className="nav-drawer__panel">
        <div className="nav-drawer__head">
          <h2 id={`${id}-title`} className="nav-drawer__title">
            {t.drawerTitle}
          </h2>
          <button type="button" className="icon-button" aria-label={t.closeMenu} command="close" commandfor={id} autoFocus>
            <X aria-hidden size={22} />
          </button>
        </div>
        <div className="nav-drawer__account" data-drawer-account>
          {session.status === "authenticated" ? (
            <>
              <p className="nav-drawer__user">{displayName(session.user, t.fallbackUserName)}</p>
              <p className="nav-drawer__email">{session.user.email}</p>
              <div className="nav-drawer__account-actions">
                <NavLink to="/account" className="button button--outline button--small">
                  {t.account}
                </NavLink>
                <LogoutForm className="button button--outline button--small">{t.logout}</LogoutForm>
              </div>
            </>
          ) : (
            <div className="nav-drawer__account-actions">
              {/* data-swap: with scripts on, the drawer closes as the dialog opens (app/lib/enhance/shell.ts). */}
              <button type="button" className="button button--primary" command="show-modal" commandfor={authDialogId("login")} data-swap>
                {t.login}
              </button>
              <button type="button" className="button button--outline" command="show-modal" commandfor={authDialogId("signup")} data-swap>
                {t.signUp}
              </button>
            </div>
          )}
        </div>
        <nav aria-label={t.drawerTitle}>
          <ul className="nav-drawer__list">
            {practiceLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="nav-drawer__link nav-drawer__link--main">
                  {link.label}
                </NavLink>
              </li>
            ))}
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
            <li>
              <span className="nav-drawer__group" id={`${id}-more`}>
                {t.more}
              </span>
              <ul aria-labelledby={`${id}-more`} className="nav-drawer__sublist">
                {[homeLink, ...trailingLinks].map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === "/"} className="nav-drawer__link">
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          </ul>
        </nav>
        {site.playStoreUrl && <PlayStoreBadge href={site.playStoreUrl} />}
      </div>
    </dialog>
  );
}

import { CircleUserRound, LogOut, Menu } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { authDialogId } from "~/lib/auth-dialog";
import { homeLink, navGroups, trailingLinks } from "~/lib/nav";
import { displayName, useSession } from "~/lib/session";
import type { PublicSettings } from "~/lib/site";
import { fill, texts } from "~/lib/texts";
import { HeaderSearch } from "./header-search";
import { NavDrawer } from "./nav-drawer";
import { NavDropdown } from "./nav-dropdown";
import { PlayStoreBadge } from "./play-store-badge";
import { ThemeToggle } from "./theme-toggle";

/**
 * Spec §2 Header: sticky; desktop links and dropdowns, a drawer below 992 px. Everything in it
 * works as HTML before any script: the menus are popovers, the drawer and the login dialog open
 * with invoker commands, logout is a form (docs/decisions/018).
 */
export function SiteHeader({ site }: { site: PublicSettings }) {
  const session = useSession();
  const userName = session.status === "authenticated" ? displayName(session.user, texts.nav.fallbackUserName) : null;

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo" aria-label={`${site.name} home`}>
          <img src="/images/logo.svg" alt="" width={36} height={36} />
          <span className="site-logo__name">{site.name}</span>
        </Link>
        <nav aria-label={texts.nav.label} className="desktop-nav">
          <ul className="desktop-nav__list">
            <li>
              <NavLink to={homeLink.to} end className="nav-link">
                {homeLink.label}
              </NavLink>
            </li>
            {navGroups.map((group) => (
              <li key={group.id}>
                <NavDropdown group={group} />
              </li>
            ))}
            {trailingLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          {site.playStoreUrl && <PlayStoreBadge href={site.playStoreUrl} className="desktop-only" />}
          <HeaderSearch />
          <ThemeToggle />
          <div className="header-account desktop-nav-only">
            {session.status === "authenticated" ? (
              <>
                {/* Between 992 and 1,300 px the name and the logout button become icons, their words kept for screen readers. */}
                <Link to="/account" className="header-account__name" title={userName ?? undefined}>
                  <CircleUserRound aria-hidden size={22} className="header-account__icon" />
                  <span className="header-account__label">{userName}</span>
                </Link>
                <LogoutForm className="button button--outline button--small header-account__logout" title={texts.nav.logout}>
                  <LogOut aria-hidden size={18} className="header-account__icon" />
                  <span className="header-account__label">{texts.nav.logout}</span>
                </LogoutForm>
              </>
            ) : (
              <LoginButton />
            )}
          </div>
          {/* Issue #33: below 992 px the account stays one tap away, beside the menu. */}
          {session.status === "authenticated" ? (
            <Link
              to="/account"
              className="phone-account phone-account--avatar"
              aria-label={fill(texts.nav.accountOf, { name: userName ?? "" })}
            >
              <span aria-hidden>{initialOf(userName ?? "")}</span>
            </Link>
          ) : (
            <LoginButton className="phone-account" />
          )}
          <button
            type="button"
            className="icon-button drawer-toggle"
            aria-label={texts.nav.openMenu}
            aria-expanded="false"
            aria-controls="site-drawer"
            command="show-modal"
            commandfor="site-drawer"
          >
            <Menu aria-hidden size={24} />
          </button>
        </div>
      </div>
      <NavDrawer id="site-drawer" site={site} />
    </header>
  );
}

/** The first letter of a name, for the avatar (a whole character, even outside the BMP). */
function initialOf(name: string): string {
  return (Array.from(name.trim())[0] ?? "?").toLocaleUpperCase();
}

/** Logout is a form post (spec §4: it ends the session and goes home). */
export function LogoutForm({ className, title, children }: { className: string; title?: string; children: ReactNode }) {
  return (
    <form method="post" action="/auth/logout" data-logout-form className="inline-form">
      <button type="submit" className={className} title={title}>
        {children}
      </button>
    </form>
  );
}

/** Login: opens the login dialog with no script (invoker command); in the desktop header and, below 992 px, beside the menu. */
function LoginButton({ className = "" }: { className?: string }) {
  return (
    <button
      type="button"
      className={`button button--primary button--small ${className}`.trim()}
      command="show-modal"
      commandfor={authDialogId("login")}
    >
      {texts.nav.login}
    </button>
  );
}

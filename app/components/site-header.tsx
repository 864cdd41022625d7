import { CircleUserRound, LogOut, Menu, Search } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { type NavGroup, homeLink, navGroups, trailingLinks } from "~/lib/nav";
import { displayName, useSession } from "~/lib/session";
import type { PublicSettings } from "~/lib/site";
import { texts } from "~/lib/texts";
import { useAuthDialog } from "~/lib/auth-dialog";
import { NavDrawer } from "./nav-drawer";
import { NavDropdown } from "./nav-dropdown";
import { PlayStoreBadge } from "./play-store-badge";
import { ThemeToggle } from "./theme-toggle";

/** Spec §2 Header: sticky; desktop links and dropdowns, a drawer below 992 px. */
export function SiteHeader({ site }: { site: PublicSettings }) {
  const [openMenu, setOpenMenu] = useState<NavGroup["id"] | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const location = useLocation();
  const auth = useAuthDialog();
  const session = useSession();
  const userName = session.status === "authenticated" ? displayName(session.user, texts.nav.fallbackUserName) : null;

  // A navigation closes whatever menu led to it.
  useEffect(() => {
    setOpenMenu(null);
    setDrawerOpen(false);
  }, [location.pathname]);

  // Spec §4: a click outside closes the dropdowns.
  useEffect(() => {
    if (!openMenu) return;
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [openMenu]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-logo" aria-label={`${site.name} home`}>
          <img src="/images/logo.svg" alt="" width={36} height={36} />
          <span className="site-logo__name">{site.name}</span>
        </Link>
        <nav ref={nav} aria-label={texts.nav.label} className="desktop-nav">
          <ul className="desktop-nav__list">
            <li>
              <NavLink to={homeLink.to} end className="nav-link">
                {homeLink.label}
              </NavLink>
            </li>
            {navGroups.map((group) => (
              <li key={group.id}>
                <NavDropdown group={group} open={openMenu === group.id} onOpenChange={(open) => setOpenMenu(open ? group.id : null)} />
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
          <Link to="/search" className="icon-button" aria-label={texts.nav.search} title={texts.nav.search}>
            <Search aria-hidden size={20} />
          </Link>
          <ThemeToggle />
          <div className="header-account desktop-nav-only">
            {session.status === "authenticated" ? (
              <>
                {/* Between 992 and 1,300 px the name and the logout button become icons, their words kept for screen readers. */}
                <Link to="/account" className="header-account__name" title={userName ?? undefined}>
                  <CircleUserRound aria-hidden size={22} className="header-account__icon" />
                  <span className="header-account__label">{userName}</span>
                </Link>
                <button
                  type="button"
                  className="button button--outline button--small header-account__logout"
                  title={texts.nav.logout}
                  onClick={() => void auth.logout()}
                >
                  <LogOut aria-hidden size={18} className="header-account__icon" />
                  <span className="header-account__label">{texts.nav.logout}</span>
                </button>
              </>
            ) : (
              <button type="button" className="button button--primary button--small" onClick={() => auth.open("login")}>
                {texts.nav.login}
              </button>
            )}
          </div>
          <button
            type="button"
            className="icon-button drawer-toggle"
            aria-label={texts.nav.openMenu}
            aria-expanded={drawerOpen}
            aria-controls="site-drawer"
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <Menu aria-hidden size={24} />
          </button>
        </div>
      </div>
      <NavDrawer
        id="site-drawer"
        open={drawerOpen}
        onClose={closeDrawer}
        site={site}
        onAuth={(view) => {
          setDrawerOpen(false);
          auth.open(view);
        }}
        onLogout={() => {
          setDrawerOpen(false);
          void auth.logout();
        }}
      />
    </header>
  );
}

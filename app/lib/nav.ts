import { texts } from "./texts";

export interface NavLink {
  to: string;
  label: string;
}

export interface NavGroup {
  id: "javascript" | "other";
  label: string;
  links: NavLink[];
}

const t = texts.nav;

/** The header's navigation (spec §2 Header), shared by the desktop bar and the drawer. */
export const navGroups: NavGroup[] = [
  {
    id: "javascript",
    label: t.javascript,
    links: [
      { to: "/javascript-questions", label: t.javascript },
      { to: "/swift-questions", label: t.swift },
      { to: "/nodejs-questions", label: t.nodejs },
    ],
  },
  {
    id: "other",
    label: t.otherTech,
    links: [
      { to: "/react-native-questions", label: t.reactNative },
      { to: "/react-questions", label: t.react },
      { to: "/dbms-questions", label: t.dbms },
      { to: "/angular-questions", label: t.angular },
      { to: "/next-js-questions", label: t.nextjs },
      { to: "/typescript-questions", label: t.typescript },
      { to: "/css-questions", label: t.css },
      { to: "/html-questions", label: t.html },
      { to: "/dsa-questions", label: t.dsa },
      { to: "/c-cpp-questions", label: t.cCpp },
    ],
  },
];

/**
 * The drawer's practice links, first after the account block (issue #33): on a phone the product
 * is these, not the footer. A review page (/review) joins them once that route exists.
 */
export const practiceLinks: NavLink[] = [
  { to: "/quizzes", label: t.quizzes },
  { to: "/interview", label: t.interviews },
  { to: "/compiler", label: t.compiler },
  { to: "/search", label: t.search },
];

export const homeLink: NavLink = { to: "/", label: t.home };

export const trailingLinks: NavLink[] = [
  { to: "/htmloverview", label: t.htmlOverview },
  { to: "/devinsights", label: t.devInsights },
  { to: "/aboutus", label: t.aboutUs },
  { to: "/contactus", label: t.contactUs },
];

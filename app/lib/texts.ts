/**
 * Every text the site shows, in one place (the spec's static text dictionary). Texts the
 * spec quotes are verbatim; tests import these same strings. `{name}`-style holes are
 * filled with `fill()`.
 */
export const texts = {
  site: {
    copyright: "© 2024 {name}",
    skipToContent: "Skip to main content",
    logoAlt: "{name} home",
  },
  nav: {
    label: "Main",
    home: "Home",
    javascript: "JavaScript",
    swift: "Swift",
    otherTech: "Other Tech",
    reactNative: "React Native",
    react: "React",
    dbms: "DBMS",
    angular: "AngularJS",
    nextjs: "NextJS",
    typescript: "TypeScript",
    css: "CSS",
    html: "HTML",
    htmlOverview: "HTML Overview",
    devInsights: "Dev Insights",
    aboutUs: "About Us",
    contactUs: "Contact Us",
    playStoreBadgeAlt: "Get it on Google Play",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    drawerTitle: "Menu",
    login: "Login",
    signUp: "Sign Up",
    logout: "Logout",
    fallbackUserName: "User",
  },
  theme: {
    toDark: "Switch to dark theme",
    toLight: "Switch to light theme",
  },
  appBanner: {
    label: "Get the app",
    message: "Practise anywhere with the {name} app: quizzes, videos, community posts and live quizzes.",
    download: "Download App Now",
    dismiss: "Dismiss the app banner",
  },
  cookies: {
    label: "Cookie consent",
    message: "This website uses cookies to enhance the user experience.",
    accept: "I understand",
  },
  loading: {
    page: "Loading the page…",
  },
  errors: {
    unexpectedTitle: "Unexpected Application Error!",
    unexpectedHint: "Something went wrong while loading this page. You can go back or try again.",
    tryAgain: "Try again",
    goHome: "Go to the home page",
  },
  notFound: {
    title: "Page Not Found",
    text: "Oops! The page you're looking for doesn't exist or has been moved.",
    linksHeading: "Try one of these instead:",
    home: "Home",
    javascript: "JavaScript questions",
    react: "React questions",
    devInsights: "Dev Insights",
    privacy: "Privacy policy",
  },
  home: {
    title: "Interview questions for JavaScript, React, Node and more",
    description: "Prepare for coding interviews with theory questions, console challenges and programming problems across 13 technologies.",
  },
  labels: {
    aboutUs: "About Us",
    whatWeOffer: "What we offer",
    theory: "Theory Fundamentals",
    console: "Console & Debugging",
    programs: "Programming Challenges",
    contact: "Contact",
    privacyPolicy: "Privacy Policy",
    terms: "Terms & Conditions",
    socialLinks: "Social links",
    list1: "List 1",
    list2: "List 2",
    list3: "List 3",
    noData: "No data",
    output: "Output",
    explanation: "Explanation",
    answer: "Answer",
    beginner: "Beginner",
    advance: "Advance",
    expert: "Expert",
  },
} as const;

/** Fills `{key}` holes: fill("© 2024 {name}", { name: "DevPrep" }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (hole, key: string) => (key in values ? String(values[key]) : hole));
}

/** Spec §4, §5, §8: the auth modal's texts. */
export const authTexts = {
  loginTitle: "Login",
  signupTitle: "Sign Up",
  close: "Close",
  email: "Email",
  password: "Password",
  fullName: "Full name",
  loginButton: "Login",
  signupButton: "Sign Up",
  loggingIn: "Logging In...",
  signingUp: "Signing Up...",
  google: "Continue with Google",
  processing: "Processing...",
  or: "or",
  toSignup: "Don't have an account? Sign Up",
  toLogin: "Already have an account? Login",
  invalidEmail: "Please enter a valid email address.",
  shortPassword: "Password should be at least 6 characters long.",
  missingName: "Please enter your name.",
  failed: "Authentication failed. Please try again.",
} as const;

interface Props {
  site: { name: string; email: string; baseUrl: string; consentCookie: string };
}

const sections = [
  { id: "who-we-are", title: "Who we are" },
  { id: "account-data", title: "Your account" },
  { id: "sessions", title: "Staying signed in" },
  { id: "cookies", title: "Cookies" },
  { id: "local-storage", title: "Storage in your browser" },
  { id: "learning-progress", title: "Your learning progress" },
  { id: "contact-messages", title: "Messages you send us" },
  { id: "blog-posts", title: "Posts on Dev Insights" },
  { id: "logs-and-measurements", title: "Logs and performance measurements" },
  { id: "rate-limits", title: "Protection against abuse" },
  { id: "sharing", title: "Who else sees your data" },
  { id: "your-rights", title: "Deleting or getting a copy of your data" },
  { id: "children", title: "Children" },
  { id: "security", title: "How we protect your data" },
  { id: "changes", title: "Changes to this policy" },
  { id: "contact", title: "How to reach us" },
] as const;

/** The privacy policy: what the site stores, why, for how long, and how to have it removed. */
export function PrivacyPolicy({ site }: Props) {
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;

  return (
    <article className="legal">
      <h1 id="privacy-policy">Privacy policy</h1>
      <p className="legal__updated">Last updated: 22 November 2026</p>
      <p>
        This policy explains what {site.name} ({site.baseUrl}) stores about you, why it does so, how long it keeps it, and how you can have
        it removed. We have tried to list everything, in plain words. If something here is unclear, write to {mail}.
      </p>

      <nav aria-label="Contents">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <h2 id="who-we-are">Who we are</h2>
      <p>
        {site.name} is an interview-preparation website run by its operators (&quot;we&quot;, &quot;us&quot;). We decide what data the site
        keeps and are responsible for it. We do not sell data about you and we do not show advertising.
      </p>

      <h2 id="account-data">Your account</h2>
      <p>You can use most of {site.name} without an account. If you create one, we store:</p>
      <ul>
        <li>your name and your email address (the address is stored in lower case, so that it matches however you type it);</li>
        <li>a hash of your password, computed with scrypt. We never store the password itself and cannot tell you what it is;</li>
        <li>where you signed up (currently always &quot;web&quot;) and when the account was created;</li>
        <li>if you sign in with Google, the time of your last sign-in.</li>
      </ul>
      <p>
        When you sign in with Google, Google sends us your name and email address. We receive nothing else from Google, such as your
        contacts or your Google password. We use account data only to run your account: to sign you in, to show your name, and to send you a
        password-reset email when you ask for one. We keep it until you delete the account.
      </p>

      <h2 id="sessions">Staying signed in</h2>
      <p>
        When you sign in, we set a session cookie so that the site knows it is you on the next page. The cookie is marked HttpOnly, which
        means scripts running in the page cannot read it. It is removed when you sign out, and a session ends by itself after 30 days
        without use.
      </p>
      <p>
        For each session we keep a record in our database with the user agent of your device (the browser and system it reports) and its IP
        address. We use these to show you your active sessions, so that you can spot one that is not yours, and to stop abuse of accounts.
        Session records are deleted together with your account.
      </p>

      <h2 id="cookies">Cookies</h2>
      <p>{site.name} sets only the three cookies below. There are no advertising cookies and no third-party tracking cookies.</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Lifetime</th>
            <th scope="col">Purpose</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>{site.consentCookie}</code>
            </td>
            <td>
              <code>true</code>
            </td>
            <td>150 days</td>
            <td>Remembers that you acknowledged the cookie notice, so it is not shown again.</td>
          </tr>
          <tr>
            <td>
              <code>visited</code>
            </td>
            <td>
              <code>true</code>
            </td>
            <td>7 days</td>
            <td>Set by the home page so that it can greet you as a returning visitor.</td>
          </tr>
          <tr>
            <td>Session cookie</td>
            <td>A random, signed session token</td>
            <td>Until you sign out, or 30 days without use</td>
            <td>Keeps you signed in (see above).</td>
          </tr>
        </tbody>
      </table>

      <h2 id="local-storage">Storage in your browser</h2>
      <p>
        The site also keeps a few small values in your browser&apos;s local storage. They stay on your device: they are not sent with your
        requests and we do not read them on the server. You can clear them at any time in your browser settings.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Purpose</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>email</code>, <code>uid</code>, <code>name</code>
            </td>
            <td>Written when you sign in and removed when you log out, to show who is signed in.</td>
          </tr>
          <tr>
            <td>
              <code>selectedCard</code>, <code>selectedSubCard</code>
            </td>
            <td>The question category and list you last chose, so you can continue where you left off.</td>
          </tr>
          <tr>
            <td>
              <code>devprep.appBannerSeen</code>
            </td>
            <td>That you have seen or dismissed the banner about our app, so it is not shown again.</td>
          </tr>
          <tr>
            <td>
              <code>devprep.theme</code>
            </td>
            <td>Whether you chose the light or the dark theme.</td>
          </tr>
        </tbody>
      </table>

      <h2 id="learning-progress">Your learning progress</h2>
      <p>When you are signed in, we save what you do so that you can pick it up on any device:</p>
      <ul>
        <li>questions you mark as done or bookmark;</li>
        <li>your quiz attempts and scores;</li>
        <li>your answers in mock interviews and their scores;</li>
        <li>code snippets you save from the compiler.</li>
      </ul>
      <p>We keep this while your account exists and delete it with the account.</p>

      <h2 id="contact-messages">Messages you send us</h2>
      <p>
        When you use the contact form, we store your name, your email address and your message, together with the time it was sent and a
        hashed form of your network address. The hash lets us limit how many messages one sender can send without keeping the address
        itself. We use messages only to answer you, and we delete them 12 months after they arrive.
      </p>

      <h2 id="blog-posts">Posts on Dev Insights</h2>
      <p>
        If you submit a post to Dev Insights, we store its title, body, optional image and the author name shown with it. A moderator
        reviews each post and may add notes for the team; those notes are not public. Once a moderator approves a post, it is public and
        anyone can read it.
      </p>
      <p>
        If you delete your account, your published posts stay on the site under the author name they carry, but they are no longer linked to
        any account. If you want them taken down as well, write to {mail} and we will remove them.
      </p>

      <h2 id="logs-and-measurements">Logs and performance measurements</h2>
      <p>
        To find out whether pages load quickly, your browser sends us anonymous page-speed measurements (Core Web Vitals): the name of the
        measurement, its value and the path of the page. They are not linked to your account. Our server also logs each request with a
        request id, the method, the path, the response status and how long it took. Logs leave out query strings, passwords and cookies. We
        keep both in server logs for 30 days, to find errors and keep the site fast, and then delete them.
      </p>

      <h2 id="rate-limits">Protection against abuse</h2>
      <p>
        To stop password guessing and floods of requests, we count recent attempts per network address or per email address. These counters
        are kept for a day at most and are then discarded.
      </p>

      <h2 id="sharing">Who else sees your data</h2>
      <p>
        We do not sell your data, rent it, or share it with advertisers. Only these service providers handle it for us, and only to run the
        site:
      </p>
      <ul>
        <li>our hosting provider, whose servers store the database and logs;</li>
        <li>if we have set one up, an email delivery service, which receives your email address to send password-reset mail;</li>
        <li>
          if we have set one up, an AI model provider, which receives your mock-interview answers (and the questions they answer) to grade
          them and write feedback.
        </li>
      </ul>
      <p>We may also disclose data where the law requires it, for example to comply with a court order, and only as far as required.</p>

      <h2 id="your-rights">Deleting or getting a copy of your data</h2>
      <p>
        You can delete your account yourself on the account page. This removes your account data, your sessions, your progress, your quiz
        and interview history and your saved snippets. Posts on Dev Insights are handled as described above.
      </p>
      <p>
        You can also write to {mail} to ask us to delete your data, to correct it, or to send you a copy of the data we hold about you. We
        may ask you to confirm that the request comes from the account owner. We answer every request within 30 days. If you live in a
        country with data-protection law, you may also complain to your local data-protection authority.
      </p>

      <h2 id="children">Children</h2>
      <p>
        {site.name} is not directed at children under 13, or under 16 in the European Economic Area, and they may not create an account. If
        you believe a child has given us personal data, write to {mail} and we will delete it.
      </p>

      <h2 id="security">How we protect your data</h2>
      <ul>
        <li>Passwords are stored only as scrypt hashes.</li>
        <li>The site is served over HTTPS, so data is encrypted on its way between your browser and our servers.</li>
        <li>The session cookie is HttpOnly and cannot be read by scripts in the page.</li>
        <li>Access to the database and logs is limited to the people who run the site, and only what is needed.</li>
      </ul>
      <p>No system is perfectly secure, but if we learn of a breach that affects your data, we will tell you.</p>

      <h2 id="changes">Changes to this policy</h2>
      <p>
        When the site starts storing something new or uses data in a new way, we will update this page and the date at the top before the
        change takes effect. For significant changes we will also tell signed-up users by email or with a notice on the site.
      </p>

      <h2 id="contact">How to reach us</h2>
      <p>For any question about this policy or your data, write to {mail}.</p>
    </article>
  );
}

interface Props {
  site: { name: string; email: string; baseUrl: string; consentCookie: string };
}

/** The terms of service: the rules for using the site and what we do and do not promise. */
export function TermsOfService({ site }: Props) {
  const mail = <a href={`mailto:${site.email}`}>{site.email}</a>;

  return (
    <article className="legal">
      <h1 id="terms-of-service">Terms of service</h1>
      <p className="legal__updated">Last updated: 22 November 2026</p>

      <h2 id="acceptance">Accepting these terms</h2>
      <p>
        These terms apply to everyone who uses {site.name} at {site.baseUrl}. By using the site, or by creating an account, you agree to
        them. If you do not agree, please do not use the site. How we handle personal data is explained separately in our privacy policy.
      </p>

      <h2 id="the-service">What {site.name} offers</h2>
      <p>{site.name} helps you prepare for technical interviews. It offers:</p>
      <ul>
        <li>study material: interview questions with answers, grouped by topic;</li>
        <li>quizzes to test what you have learned;</li>
        <li>a compiler in which you can write and run code in your browser;</li>
        <li>mock interviews with automated, AI-generated feedback;</li>
        <li>Dev Insights, a blog where users can publish articles.</li>
      </ul>
      <p>
        We keep improving the site, so features may change, be added or be removed. Some features need an account. We may pause the site for
        maintenance, and we do not promise that it will always be available.
      </p>

      <h2 id="accounts">Your account</h2>
      <ul>
        <li>Give accurate information when you sign up, and keep it up to date.</li>
        <li>Keep your password safe and do not share it. You are responsible for what happens in your account.</li>
        <li>An account is for one person. Do not share it or create accounts on behalf of others.</li>
        <li>You must be at least 13 years old to create an account (16 in the European Economic Area).</li>
      </ul>
      <p>If you think someone else has access to your account, change your password straight away and write to {mail}.</p>
      <p>You can delete your account at any time from the account page.</p>

      <h2 id="acceptable-use">Acceptable use</h2>
      <p>We want {site.name} to be a useful and friendly place. When using it, you must not:</p>
      <ul>
        <li>harass, threaten or abuse other people, or post hateful, obscene or illegal content;</li>
        <li>send spam or use Dev Insights or the contact form for advertising;</li>
        <li>scrape or download the site with automated tools at a rate that harms it or other users;</li>
        <li>
          attack the site: probe it for weaknesses without our permission, get around its security or rate limits, overload it, or try to
          reach data that is not yours;
        </li>
        <li>use the compiler to write or run malicious code, or to attack other people or systems;</li>
        <li>pretend to be someone else, or mislead others about who you are;</li>
        <li>break any law that applies to you.</li>
      </ul>
      <p>If you find a security problem, please tell us at {mail} instead of exploiting it. We appreciate responsible reports.</p>

      <h2 id="your-content">Your content on Dev Insights</h2>
      <p>
        You keep ownership of the posts you submit to Dev Insights. By submitting a post, you give us a worldwide, free, non-exclusive
        licence to store, display and distribute it on {site.name}, and to make the small technical changes needed for that, such as
        resizing an image. This licence ends when the post is removed from the site.
      </p>
      <p>
        You may only submit content that you wrote yourself or have the right to publish, and it must not infringe anyone else&apos;s
        rights. Moderators review posts before they are published. We may refuse or remove any post that breaks these terms or that we
        reasonably consider unsuitable. Approved posts are public. If you delete your account, your published posts stay under your author
        name unless you ask us to remove them.
      </p>

      <h2 id="our-content">Our content</h2>
      <p>
        The questions, answers, quizzes and other material on {site.name}, and the design of the site, belong to us or to those who licensed
        them to us. You may read and use them for your own personal study. You may not copy them in bulk, republish them, sell them, or use
        them to build another product or data set without our written permission. To protect this material, the site blocks copying of page
        text.
      </p>

      <h2 id="compiler">The compiler</h2>
      <p>
        Code you write in the compiler runs inside your own browser, in the sandbox that your browser provides. It does not run on our
        servers. You are responsible for the code you run, and you run it at your own risk. We are not responsible for what your code does,
        for its output, or for any effect it has on your device.
      </p>

      <h2 id="mock-interviews">AI mock interviews</h2>
      <p>
        Mock interviews are scored and commented on automatically by an AI model. The feedback can be incomplete or simply wrong, and it is
        not the opinion of a human interviewer. Use it as one source of practice among others. A good score on {site.name} does not
        guarantee any result in a real interview, and we make no promise about job offers or hiring decisions.
      </p>

      <h2 id="no-warranty">No warranty</h2>
      <p>
        We work hard to keep the material correct and the site running, but {site.name} is provided &quot;as is&quot; and &quot;as
        available&quot;. We do not promise that the content is complete, accurate or up to date, that it suits your particular purpose, or
        that the site will be free of errors or interruptions. Technologies and interview practices change; check important facts against
        official documentation.
      </p>

      <h2 id="liability">Limitation of liability</h2>
      <p>
        As far as the law allows, we are not liable for indirect or consequential losses arising from your use of {site.name}, such as lost
        opportunities, lost income or lost data. Our total liability to you for any claim is limited to the amount, if any, that you paid us
        in the twelve months before the claim.
      </p>
      <p>
        Nothing in these terms limits liability that cannot be limited by law, such as liability for death or personal injury caused by
        negligence, for fraud, or your rights as a consumer under mandatory law.
      </p>

      <h2 id="suspension">Suspension and termination</h2>
      <p>
        We may suspend or close an account, or remove content, if it breaks these terms, puts other users or the site at risk, or if the law
        requires it. Where reasonable, we will tell you why and give you a chance to respond first. You can stop using {site.name} and
        delete your account at any time. The parts of these terms that by their nature should continue, such as the licence to published
        posts and the limits on our liability, continue after your account ends.
      </p>

      <h2 id="changes">Changes to these terms</h2>
      <p>
        We may update these terms when the site or the law changes. We will post the new version on this page with a new date at the top,
        and for significant changes we will tell signed-up users by email or with a notice on the site before they take effect. If you keep
        using {site.name} after a change takes effect, you accept the updated terms; if you do not agree, you can delete your account.
      </p>

      <h2 id="contact">Governing law and contact</h2>
      <p>
        These terms are governed by the law of the place where the operators of {site.name} are established. If you use the site as a
        consumer, you also keep the protection of the mandatory laws of the country where you live.
      </p>
      <p>
        For questions about these terms, to report content that breaks them, or to raise a complaint, write to {mail}. We will do our best
        to answer promptly.
      </p>
    </article>
  );
}

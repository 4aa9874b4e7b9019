import { PageMeta } from '../../lib/ui/page-meta';
import './info.css';

/** docs/product.md#screens static page: information collected, how it is used, cookies, and a support contact. */
export function PrivacyPolicyPage() {
  return (
    <>
      <PageMeta title="Privacy Policy | Haat" description="What Haat collects about you, how it is used, cookies, and how to reach support." />
      <article className="page page--narrow info-page">
        <h1>Privacy Policy</h1>
        <h2>Information we collect</h2>
        <ul>
          <li>Your name, e-mail address and phone number.</li>
          <li>Shipping and billing addresses.</li>
          <li>Your order history with us.</li>
        </ul>
        <h2>How we use it</h2>
        <p>
          We use this information to process and deliver your orders, to keep your account secure, to answer your questions, and to tell you about your orders.
          We do not sell your personal information.
        </p>
        <h2>Cookies</h2>
        <p>
          We use cookies and local storage to keep you signed in, remember your cart and make the shop work offline. You can clear them in your browser settings
          at any time.
        </p>
        <h2>Contact</h2>
        <p>
          Questions about your privacy? Write to <a href="mailto:support@haat.in">support@haat.in</a> or call our 24/7 Customer Service on +91 1800 123 4567.
        </p>
      </article>
    </>
  );
}

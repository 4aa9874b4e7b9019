import { Link } from 'react-router-dom';
import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';
import { PageMeta } from '../../lib/ui/page-meta';
import './info.css';

/** /about: what Haat is. */
export function AboutPage() {
  return (
    <>
      <PageMeta
        title="About Us | Haat"
        description="Haat is an Indian online shop: books, gadgets, watches, clothing, toys and snacks, delivered in minutes."
      />
      <article className="page page--narrow info-page">
        <h1>About Haat</h1>
        <p>
          A <em>haat</em> is the weekly village market of India: one place where everything you need is laid out, fairly priced. Haat brings that market to your
          phone. We sell over 5,000 products — books, earbuds and neckbands, watches, T-shirts and clothing, toys, snacks, kitchenware, personal care and
          stationery — from brands you know, at prices in ₹ that include GST.
        </p>
        <h2>What we promise</h2>
        <ul>
          <li>Delivery in minutes where we can, and free delivery on every order.</li>
          <li>Pay online by card or in cash on delivery.</li>
          <li>
            Easy 7-day returns (see our <Link to="/return-policy">Return Policy</Link>).
          </li>
          <li>A shop that works on a slow connection and even offline: install it from your browser like an app.</li>
        </ul>
        <h2>Who we are</h2>
        <p>
          Haat is run by {SUPPORT_CONTACT.address.split(',')[0]} from Bengaluru. Our Customer Service answers {SUPPORT_CONTACT.hours} on{' '}
          <a href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`}>{SUPPORT_CONTACT.phone}</a> and at{' '}
          <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>.
        </p>
        <p>
          <Link to="/shop" className="btn btn--primary">
            Start shopping
          </Link>
        </p>
      </article>
    </>
  );
}

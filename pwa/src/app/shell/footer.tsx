import { Link } from 'react-router-dom';
import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';
import { SocialLinks } from './social-links';

const SUPPORT = SUPPORT_CONTACT;

/** docs/product.md#what-haat-is and #screens footer: support phone, e-mail, postal address, 24/7 Customer Service, social links. */
export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer__title">
            24/7 Customer Service
          </h2>
          <p>
            Call <a href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`}>{SUPPORT.phone}</a>
          </p>
          <p>
            Write to <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
          </p>
          <address>{SUPPORT.address}</address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer__title">
            Haat
          </h2>
          <ul className="footer__links">
            <li>
              <Link to="/about">About us</Link>
            </li>
            <li>
              <Link to="/shop">Shop</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/faqs">FAQs</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy policy</Link>
            </li>
            <li>
              <Link to="/return-policy">Return policy</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer__title">
            Follow us
          </h2>
          <SocialLinks />
        </section>
      </div>
      <p className="footer__legal container">© 2026 Haat. Prices in ₹, inclusive of taxes.</p>
    </footer>
  );
}

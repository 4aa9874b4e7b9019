import { Link } from 'react-router-dom';
import { telLink, whatsappLink } from '@haat/shared/contact/support-contact';
import { useTranslation } from '../../i18n/i18n';
import { LanguageSwitch } from '../../lib/ui/language-switch';
import { ShopAddress } from '../../lib/ui/shop-address';
import { usePublicConfig } from '../../lib/http/public-config';

// The footer's pages, labelled by their key in the footer's texts.
const PAGES = [
  ['/about', 'about'],
  ['/shop', 'shop'],
  ['/contact', 'contact'],
  ['/faqs', 'faqs'],
  ['/privacy-policy', 'privacy'],
  ['/return-policy', 'returns'],
] as const;

/** docs/product.md#what-haat-is and #screens footer: support phone, e-mail, postal address, 24/7 Customer Service, social links. */
export function Footer() {
  const { t } = useTranslation('footer');
  // The shop as the API's settings name it, the same as on its invoices (docs/decisions/0300-one-shop-identity.md).
  const { shop } = usePublicConfig();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer__title">
            {t('support')}
          </h2>
          <p>
            {t('call')} <a href={telLink(shop.phone)}>{shop.phone}</a>
          </p>
          <p>
            {t('write')} <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </p>
          <ShopAddress shop={shop} />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer__title">
            Haat
          </h2>
          <ul className="footer__links">
            {PAGES.map(([to, key]) => (
              <li key={to}>
                <Link to={to}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer__title">
            {t('follow')}
          </h2>
          <SocialLinks whatsapp={whatsappLink(shop.whatsappNumber)} />
          <LanguageSwitch />
        </section>
      </div>
      <p className="footer__legal container">{t('legal')}</p>
    </footer>
  );
}

// docs/product.md#what-haat-is: social links to facebook, twitter, instagram, linkedin, whatsapp (simple marks, no icon font).
const LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/', d: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.4V11H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z' },
  { name: 'Twitter', href: 'https://twitter.com/', d: 'M4 4l7 9-7 7h2l6-6 5 6h4l-7-9 6-7h-2l-5 5-4-5z' },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    d: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z',
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    d: 'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v2c.6-1.2 2-2.2 4-2.2 3.4 0 4 2.2 4 5.2V21h-4v-6c0-1.4 0-3-2-3s-2 1.5-2 3v6h-4z',
  },
  {
    name: 'WhatsApp',
    href: '',
    d: 'M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm4.6 12.6c-.2.6-1.2 1.1-1.7 1.1-.4 0-1 .2-3.2-.7-2.7-1.1-4.4-3.9-4.5-4-.1-.2-1.1-1.5-1.1-2.8s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.4 0 .5l-.4.6-.3.4c-.1.1-.2.3 0 .5.6 1 1.3 1.7 2.2 2.3.4.2.6.3.8.1l.7-.8c.2-.2.4-.2.6-.1l1.9.9c.2.1.4.2.4.3.1.2.1.7-.1 1.3z',
  },
] as const;

/** `whatsapp`: the wa.me link of the shop's WhatsApp number (its settings, docs/decisions/0300-one-shop-identity.md). */
function SocialLinks({ whatsapp }: { whatsapp: string }) {
  return (
    <ul className="social-links">
      {LINKS.map((link) => (
        <li key={link.name}>
          <a
            href={link.name === 'WhatsApp' ? whatsapp : link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.name}
            className="social-links__link"
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d={link.d} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}

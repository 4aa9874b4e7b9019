import { Link } from 'react-router-dom';
import { telLink, whatsappLink } from '@haat/shared/contact/support-contact';
import { SocialLinks } from './social-links';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../lib/ui/language-switch';
import { ShopAddress } from '../../lib/ui/shop-address';
import { usePublicConfig } from '../../lib/http/public-config';

/** docs/product.md#what-haat-is and #screens footer: support phone, e-mail, postal address, 24/7 Customer Service, social links. */
export function Footer() {
  const { t } = useTranslation();
  // The shop as the API's settings name it, the same as on its invoices (docs/decisions/0300-one-shop-identity.md).
  const { shop } = usePublicConfig();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer__title">
            {t('footer.support')}
          </h2>
          <p>
            {t('footer.call')} <a href={telLink(shop.phone)}>{shop.phone}</a>
          </p>
          <p>
            {t('footer.write')} <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </p>
          <ShopAddress shop={shop} />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="footer__title">
            Haat
          </h2>
          <ul className="footer__links">
            <li>
              <Link to="/about">{t('footer.about')}</Link>
            </li>
            <li>
              <Link to="/shop">{t('footer.shop')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('footer.contact')}</Link>
            </li>
            <li>
              <Link to="/faqs">{t('footer.faqs')}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/return-policy">{t('footer.returns')}</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="footer__title">
            {t('footer.follow')}
          </h2>
          <SocialLinks whatsapp={whatsappLink(shop.whatsappNumber)} />
          <LanguageSwitch />
        </section>
      </div>
      <p className="footer__legal container">{t('footer.legal')}</p>
    </footer>
  );
}

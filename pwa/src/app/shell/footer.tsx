import { Link } from 'react-router-dom';
import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';
import { SocialLinks } from './social-links';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../lib/ui/language-switch';

const SUPPORT = SUPPORT_CONTACT;

/** docs/product.md#what-haat-is and #screens footer: support phone, e-mail, postal address, 24/7 Customer Service, social links. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer__title">
            {t('footer.support')}
          </h2>
          <p>
            {t('footer.call')} <a href={`tel:${SUPPORT.phone.replace(/\s/g, '')}`}>{SUPPORT.phone}</a>
          </p>
          <p>
            {t('footer.write')} <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a>
          </p>
          <address>{SUPPORT.address}</address>
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
          <SocialLinks />
          <LanguageSwitch />
        </section>
      </div>
      <p className="footer__legal container">{t('footer.legal')}</p>
    </footer>
  );
}

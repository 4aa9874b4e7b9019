import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { telLink } from '@haat/shared/contact/support-contact';
import { usePublicConfig } from '../../lib/http/public-config';
import { PageMeta } from '../../lib/ui/page-meta';
import './info.css';

interface Props {
  /** Names the page's texts in info.json: `<name>.meta`, `<name>.title`. */
  name: string;
  values?: Record<string, string>;
  className?: string;
  wide?: boolean;
  children: ReactNode;
}

/** An info page (docs/product.md#screens static pages): its title and description, then its article under its heading. */
export function InfoPage({ name, values, className, wide = false, children }: Props) {
  const { t } = useTranslation('info');
  return (
    <>
      <PageMeta title={t(`${name}.meta.title`)} description={t(`${name}.meta.description`, values)} />
      <article className={['page', wide ? '' : 'page--narrow', 'info-page', className].filter(Boolean).join(' ')}>
        <h1>{t(`${name}.title`)}</h1>
        {children}
      </article>
    </>
  );
}

/** The support desk's details as the info texts name them, from the shop (docs/decisions/0300-one-shop-identity.md). */
export function useSupportValues(hours: string) {
  const { shop } = usePublicConfig();
  return {
    phone: shop.phone,
    tel: telLink(shop.phone).slice('tel:'.length),
    email: shop.email,
    company: shop.legalName,
    city: shop.address.city,
    hours,
  };
}

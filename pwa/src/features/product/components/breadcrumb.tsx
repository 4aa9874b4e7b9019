import { Link } from 'react-router-dom';
import type { Crumb } from '../product-json-ld';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens: Home > category > product; the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation('product');
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb')}>
      <ol>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <li key={c.url} aria-current="page" title={c.name}>
              {c.name}
            </li>
          ) : (
            <li key={c.url}>
              <Link to={c.url}>{c.name}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

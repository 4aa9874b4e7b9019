import { Link } from 'react-router-dom';
import type { Crumb } from '../product-json-ld';

/** docs/product.md#screens: Home > category > product; the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <li key={c.url} aria-current="page">
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

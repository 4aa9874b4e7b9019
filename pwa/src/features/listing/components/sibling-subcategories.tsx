import { NavLink } from 'react-router-dom';
import type { CategoryRef, SubCategory } from '@haat/shared/catalog/catalog.types';
import { imageVariant } from '@haat/shared/files/image-variant';
import { PLACEHOLDER_IMAGE } from '../../catalog/public';
import { listingPath } from '@haat/shared/routing/slug';
import { useTranslation } from '../../../i18n/i18n';

/** docs/product.md#screens: the left panel lists the category's subcategories, each linking to its listing. */
export function SiblingSubcategories({ category, siblings }: { category: CategoryRef; siblings: SubCategory[] }) {
  const { t } = useTranslation('listing');
  return (
    <nav className="siblings" aria-label={t('subcategories', { name: category.name })}>
      <ul>
        {siblings.map((sub) => (
          <li key={sub._id}>
            <NavLink to={listingPath(category, sub)} className="siblings__link">
              <img src={imageVariant(sub.image || PLACEHOLDER_IMAGE, 'small')} alt="" width={40} height={40} loading="lazy" decoding="async" />
              <span>{sub.name}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

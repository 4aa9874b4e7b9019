import { useParams } from 'react-router-dom';
import { idFromSegment } from '@haat/shared/routing/slug';
import { useCatalogTree } from '../catalog/public';
import { NotFound } from '../../lib/ui/not-found';
import { useIdleOnce } from '../../lib/hooks/use-idle-once';
import { useOnline } from '../../lib/hooks/use-online';
import { PageMeta } from '../../lib/ui/page-meta';
import { ListingView } from './components/listing-view';
import './listing.css';
import { useTranslation } from '../../i18n/i18n';

const nameFromSegment = (segment: string | undefined) => (segment ?? '').slice(0, Math.max(0, (segment ?? '').lastIndexOf('-'))).replace(/-/g, ' ');

/** docs/product.md#screens /{category}-{id}/{subcategory}-{id}: the ids are the text after each segment's last hyphen. */
export function ListingPage() {
  const { t } = useTranslation('listing');
  const { categorySlug, subCategorySlug } = useParams();
  const categoryId = idFromSegment(categorySlug);
  const subCategoryId = idFromSegment(subCategorySlug);
  const { categories, subCategories } = useCatalogTree(useIdleOnce());
  const category = categories?.find((c) => c._id === categoryId);
  const subCategory = subCategories?.find((s) => s._id === subCategoryId);
  // Until the tree is read, the names in the URL stand in, so the page renders at once.
  const categoryRef = category ?? { _id: categoryId ?? '', name: nameFromSegment(categorySlug) };
  const subRef = subCategory ?? { _id: subCategoryId ?? '', name: nameFromSegment(subCategorySlug) };

  const online = useOnline();
  const known = categories && subCategories;
  // Offline, a listing the saved tree does not name may exist all the same: it says it was not saved here.
  if (!categoryId || !subCategoryId || (online && known && categories.length > 0 && (!category || !subCategory))) return <NotFound what="list" />;
  const siblings = (subCategories ?? []).filter((s) => s.category.some((c) => c._id === categoryId));
  return (
    <>
      <PageMeta
        title={t('title', { sub: subRef.name, category: categoryRef.name })}
        description={`Shop ${subRef.name} in ${categoryRef.name} on Haat: filter by price and stock, prices in ₹, free delivery.`}
      />
      <div className="page">
        <ListingView key={`${categoryId}/${subCategoryId}`} category={categoryRef} subCategory={subRef} siblings={siblings} />
      </div>
    </>
  );
}

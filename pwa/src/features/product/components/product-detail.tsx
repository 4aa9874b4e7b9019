import { memo, useState, lazy, Suspense } from 'react';
import { type Product, type Variant } from '@haat/shared/catalog/catalog.types';
import { listingPath, productPath } from '@haat/shared/routing/slug';
import { BackToTop } from '../../../lib/ui/back-to-top';
import { useAfterPaint } from '../../../lib/hooks/use-after-paint';
import { PageMeta } from '../../../lib/ui/page-meta';
import { fetchOtherCategories, fetchRelated } from '../api';
import { metaDescription, productJsonLd, type Crumb } from '../product-json-ld';
import { Breadcrumb } from './breadcrumb';
import { BuyBox } from './buy-box';
import { Gallery } from './gallery';
import { ProductDescription } from './product-description';
import { soldOut } from './buy-box';
import { ProductRow } from './product-row';
import { RecentlyViewed } from './recently-viewed';
import { useRememberViewed } from '../hooks/use-recently-viewed';
import { ReviewsPreview } from './reviews-preview';
import { useTranslation } from '../../../i18n/i18n';

/** A variant overrides price, stock and pictures where it has them (docs/product.md#states). */
function withVariant(product: Product, variant: Variant | null): Product {
  if (!variant) return product;
  return {
    ...product,
    price: variant.price ?? product.price,
    stock: variant.stock ?? product.stock,
    image: variant.image && variant.image.length > 0 ? variant.image : product.image,
  };
}

/** The product's page, memoised; each live read sits in the section that shows it. */
export const ProductDetail = memo(function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation('product');
  const [variant, setVariant] = useState<Variant | null>(null);
  const [quickView, setQuickView] = useState<Product | null>(null);
  // Below the fold everywhere: after the first paint (docs/decisions/0054-storefront-frame-and-first-paint.md).
  const belowFold = useAfterPaint();
  useRememberViewed(product);
  const shown = withVariant(product, variant);
  const category = product.category[0];
  const sub = product.subCategory[0];
  const categoryUrl = category && sub ? listingPath(category, sub) : null;
  const path = productPath(product);
  const crumbs: Crumb[] = [
    { name: t('home'), url: '/' },
    ...(category && categoryUrl ? [{ name: category.name, url: categoryUrl }] : []),
    { name: product.name, url: path },
  ];

  return (
    <>
      <PageMeta
        title={t('titleSuffix', { name: product.name })}
        description={metaDescription(product.description)}
        keywords={[product.name, ...product.category.map((c) => c.name), ...product.subCategory.map((s) => s.name)].join(', ')}
        canonicalPath={path}
        jsonLd={productJsonLd(product, new URL(path, location.origin).href, location.origin, crumbs)}
      />
      <article className="page product-page">
        <Breadcrumb crumbs={crumbs} />
        <div className="product-page__top">
          <Gallery key={variant?._id ?? 'base'} images={shown.image} name={product.name} />
          <BuyBox
            product={product}
            shown={shown}
            variant={variant}
            onVariant={setVariant}
            categoryUrl={categoryUrl}
            url={new URL(path, location.origin).href}
          />
        </div>
        <ProductDescription product={product} soldOut={soldOut(product, variant, shown)} />
        {belowFold && (
          <>
            <ReviewsPreview productId={product._id} fallbackAverage={product.averageRating} fallbackCount={product.totalReviews} />
            <RecentlyViewed product={product} />
            <ProductRow
              title={t('alsoLike')}
              cacheKey={`related:${product._id}`}
              fetch={() => fetchRelated(product)}
              errorText={t('alsoLikeFailed')}
              onQuickView={setQuickView}
            />
            <ProductRow
              title={t('otherCategories')}
              cacheKey={`other:${category?._id ?? 'none'}`}
              fetch={() => fetchOtherCategories(product)}
              errorText={t('otherCategoriesFailed')}
              onQuickView={setQuickView}
            />
            <QuickView product={quickView} onClose={() => setQuickView(null)} />
            <BackToTop />
          </>
        )}
      </article>
    </>
  );
});

// The Ionic modal is fetched on the first Quick view, not with the product page.
const QuickViewModal = lazy(async () => ({ default: (await import('./quick-view-modal')).QuickViewModal }));

/** Mounts the modal from the first time a product is chosen (so it can animate closed afterwards). */
function QuickView({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [used, setUsed] = useState(false);
  if (product && !used) setUsed(true);
  if (!used && !product) return null;
  return (
    <Suspense fallback={null}>
      <QuickViewModal product={product} onClose={onClose} />
    </Suspense>
  );
}

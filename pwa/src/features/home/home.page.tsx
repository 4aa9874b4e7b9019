import { Fragment } from 'react';
import { PageMeta } from '../../lib/ui/page-meta';
import { firstSubCategoryOf, SkeletonCards, useCatalogTree } from '../catalog/public';
import { BannerCarousel } from './components/banner-carousel';
import { CategoryRow } from './components/category-row';
import { CategoryStrip } from './components/category-strip';
import { Hero } from './components/hero';
import { latePart } from '../../lib/ui/late-part';
import './home.css';
import { useTranslation } from '../../i18n/i18n';
import { useAtomValue } from 'jotai';
import { userAtom } from '../../lib/http/session';

// Below the fold: loads once the shopper scrolls or the first screen has settled (lib/ui/late-part.tsx); its box
// holds the place until then. One import for the three of them (components/late-parts.ts).
const late = () => import('./components/late-parts');
const Newsletter = latePart(() => late().then((m) => m.Newsletter));
// A signed-in shopper's Buy again (docs/product.md#buy-again-and-order-again): its code and its request come after the first screen.
const BuyAgain = latePart(() => late().then((m) => m.BuyAgain));
// Shown once the page is scrolled 300 px: it loads with the footer, at the first scroll.
const BackToTop = latePart(() => late().then((m) => m.BackToTop));

/** docs/product.md#screens, Home: hero, banners, Shop by Category, a row per category, newsletter, back-to-top. */
export function HomePage() {
  const tree = useCatalogTree();
  // An empty tree means "not fetched yet" on a first visit: keep the placeholders (and the page's height).
  const categories = tree.categories?.length ? tree.categories : undefined;
  const subCategories = tree.subCategories;
  const name = useGreetingName();
  const { t } = useTranslation('home');

  return (
    <>
      <PageMeta
        title={t('meta.title')}
        description={t('meta.description')}
        keywords="online shopping, books, earbuds, neckbands, toys, t-shirts, clothing, watches, snacks, India, ₹"
        canonicalPath="/"
      />
      <div className="page home">
        <Hero name={name} />
        <BannerCarousel />
        {/* The first row of products comes before Shop by Category: the first screen sells (docs/decisions/0220-the-first-screen-sells.md). */}
        <div id="home-products" className="home__rows">
          {/* Until the categories are known, three rows' worth of space: what follows starts below the fold. */}
          {(categories ?? [null, null, null]).map((c, i) => (
            <Fragment key={c?._id ?? i}>
              {c ? (
                <CategoryRow category={c} subCategory={subCategories && firstSubCategoryOf(c._id, subCategories)} first={i === 0} />
              ) : (
                <div className="category-row" aria-hidden="true">
                  <div className="category-row__head">
                    <span className="skeleton skeleton--line skeleton--short" />
                  </div>
                  <div className="category-row__scroller category-row__scroller--placeholder">
                    <SkeletonCards count={6} />
                  </div>
                </div>
              )}
              {i === 0 && <CategoryStrip categories={categories} subCategories={subCategories} />}
              {i === 0 && <BuyAgain />}
            </Fragment>
          ))}
        </div>
        <Newsletter placeholder={<section className="newsletter newsletter--late" aria-hidden="true" />} />
        <BackToTop />
      </div>
    </>
  );
}

/** The signed-in shopper's username for the hero greeting (docs/product.md#screens, Home), or null for visitors. */
export function useGreetingName(): string | null {
  const user = useAtomValue(userAtom);
  return user ? user.username || user.name || null : null;
}

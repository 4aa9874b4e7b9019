import { matchRoutes, Route, Routes } from 'react-router-dom';
import { page, type Page } from './lazy-page';

/**
 * Every page but home (routes.tsx), in a chunk that a first visit to `/` does not load: with the table of each page's
 * chunks it was 3 KB gzip of the JS `/` loads (docs/benchmarks.md#first-visit-weight). Loaded when the shopper first
 * leaves `/`, or before the first render when the visit starts elsewhere (routes.tsx preloadRoute).
 */
const PolicyPage = page(() => import('../features/info/policy.page'), 'PolicyPage');
const FooterLinkPage = page(() => import('../features/info/footer-link.page'), 'FooterLinkPage');
const MyOrdersPage = page(() => import('../features/orders/my-orders.page'), 'MyOrdersPage');

/** The route table of docs/product.md#screens but `/`: static segments outrank the listing's two dynamic ones; 404 last. */
const ROUTES: Array<{ path: string; page: Page }> = [
  { path: '/search', page: page(() => import('../features/search/search.page'), 'SearchPage') },
  { path: '/product/:productSlug', page: page(() => import('../features/product/product.page'), 'ProductPage') },
  { path: '/privacy-policy', page: PolicyPage },
  { path: '/return-policy', page: PolicyPage },
  { path: '/about', page: FooterLinkPage },
  { path: '/shop', page: FooterLinkPage },
  { path: '/contact', page: FooterLinkPage },
  { path: '/faqs', page: FooterLinkPage },
  { path: '/login', page: page(() => import('../features/auth/login.page'), 'LoginPage') },
  { path: '/login/mobile', page: page(() => import('../features/auth/mobile-sign-in.page'), 'MobileSignInPage') },
  { path: '/login/name', page: page(() => import('../features/auth/name.page'), 'NamePage') },
  { path: '/register', page: page(() => import('../features/auth/register.page'), 'RegisterPage') },
  { path: '/forgot-password', page: page(() => import('../features/auth/forgot-password.page'), 'ForgotPasswordPage') },
  { path: '/verification-otp', page: page(() => import('../features/auth/verification-otp.page'), 'VerificationOtpPage') },
  { path: '/reset-password', page: page(() => import('../features/auth/reset-password.page'), 'ResetPasswordPage') },
  { path: '/user', page: page(() => import('../features/account/user-menu.page'), 'UserMenuPage') },
  { path: '/cart', page: page(() => import('../features/cart/cart.page'), 'CartPage') },
  { path: '/checkout', page: page(() => import('../features/checkout/checkout.page'), 'CheckoutPage') },
  { path: '/success', page: page(() => import('../features/checkout/success.page'), 'SuccessPage') },
  { path: '/cancel', page: page(() => import('../features/checkout/cancel.page'), 'CancelPage') },
  { path: '/my-orders', page: MyOrdersPage },
  { path: '/dashboard', page: page(() => import('../features/admin/overview.page'), 'OverviewPage') },
  { path: '/dashboard/myorders', page: MyOrdersPage },
  { path: '/dashboard/allorders', page: page(() => import('../features/orders/all-orders.page'), 'AllOrdersPage') },
  { path: '/dashboard/address', page: page(() => import('../features/account/address.page'), 'AddressPage') },
  { path: '/dashboard/profile', page: page(() => import('../features/account/profile.page'), 'ProfilePage') },
  { path: '/dashboard/mywishlist', page: page(() => import('../features/account/wishlist.page'), 'WishlistPage') },
  { path: '/dashboard/notify-me', page: page(() => import('../features/account/notify-me.page'), 'NotifyMePage') },
  { path: '/dashboard/category', page: page(() => import('../features/admin/category.page'), 'CategoryPage') },
  { path: '/dashboard/subcategory', page: page(() => import('../features/admin/subcategory.page'), 'SubCategoryPage') },
  { path: '/dashboard/upload-product', page: page(() => import('../features/admin/upload-product.page'), 'UploadProductPage') },
  { path: '/dashboard/product', page: page(() => import('../features/admin/products.page'), 'AdminProductsPage') },
  { path: '/dashboard/coupons', page: page(() => import('../features/admin/coupons.page'), 'CouponsPage') },
  { path: '/dashboard/stores', page: page(() => import('../features/admin/stores.page'), 'StoresPage') },
  { path: '/dashboard/returns', page: page(() => import('../features/admin/returns.page'), 'ReturnsPage') },
  { path: '/dashboard/catalog-import', page: page(() => import('../features/admin/catalog-import.page'), 'CatalogImportPage') },
  { path: '/dashboard/synonyms', page: page(() => import('../features/admin/synonyms.page'), 'SynonymsPage') },
  { path: '/dashboard/occasions', page: page(() => import('../features/admin/occasions.page'), 'OccasionsPage') },
  { path: '/dashboard/sms-budget', page: page(() => import('../features/admin/sms-budget.page'), 'SmsBudgetPage') },
  { path: '/dashboard/ondc', page: page(() => import('../features/admin/ondc.page'), 'OndcPage') },
  { path: '/dashboard/gst', page: page(() => import('../features/admin/gst-return.page'), 'GstReturnPage') },
  { path: '/:categorySlug/:subCategorySlug', page: page(() => import('../features/listing/listing.page'), 'ListingPage') },
  { path: '*', page: page(() => import('../lib/ui/not-found'), 'NotFound') },
];

/** The pages below `/`: react-router's routes, under routes.tsx's `*`. */
export function OtherRoutes() {
  return (
    <Routes>
      {ROUTES.map((r) => (
        <Route key={r.path} path={r.path} element={<r.page />} />
      ))}
    </Routes>
  );
}

/** Loads the chunk of the page at `pathname`. */
export function preloadPage(pathname: string): Promise<unknown> {
  return matchRoutes(ROUTES, pathname)?.at(-1)?.route.page.preload() ?? Promise.resolve();
}

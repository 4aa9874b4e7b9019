import type { ReactElement, ReactNode } from 'react';
import { matchRoutes, Route, Routes } from 'react-router-dom';
import { page, type Page } from './lazy-page';

/**
 * Every page but home, in a chunk of its own that a first visit to `/` does not load: the table and the list of each
 * page's chunks were 3 KB gzip of the JS `/` loads (docs/benchmarks.md#first-visit-weight). Loaded when the shopper
 * first leaves `/`, or before the first render when the visit starts elsewhere (routes.tsx preloadRoute).
 */
const SearchPage = page(() => import('../features/search/search.page'), 'SearchPage');
const ListingPage = page(() => import('../features/listing/listing.page'), 'ListingPage');
const ProductPage = page(() => import('../features/product/product.page'), 'ProductPage');
const PolicyPage = page(() => import('../features/info/policy.page'), 'PolicyPage');
const FooterLinkPage = page(() => import('../features/info/footer-link.page'), 'FooterLinkPage');
const NotFoundPage = page(() => import('../features/info/not-found.page'), 'NotFoundPage');
const LoginPage = page(() => import('../features/auth/login.page'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/register.page'), 'RegisterPage');
const MobileSignInPage = page(() => import('../features/auth/mobile-sign-in.page'), 'MobileSignInPage');
const NamePage = page(() => import('../features/auth/name.page'), 'NamePage');
const ForgotPasswordPage = page(() => import('../features/auth/forgot-password.page'), 'ForgotPasswordPage');
const VerificationOtpPage = page(() => import('../features/auth/verification-otp.page'), 'VerificationOtpPage');
const ResetPasswordPage = page(() => import('../features/auth/reset-password.page'), 'ResetPasswordPage');
const UserMenuPage = page(() => import('../features/account/user-menu.page'), 'UserMenuPage');
const CartPage = page(() => import('../features/cart/cart.page'), 'CartPage');
const CheckoutPage = page(() => import('../features/checkout/checkout.page'), 'CheckoutPage');
const SuccessPage = page(() => import('../features/checkout/success.page'), 'SuccessPage');
const CancelPage = page(() => import('../features/checkout/cancel.page'), 'CancelPage');
const MyOrdersPage = page(() => import('../features/orders/my-orders.page'), 'MyOrdersPage');
const AllOrdersPage = page(() => import('../features/orders/all-orders.page'), 'AllOrdersPage');
const AddressPage = page(() => import('../features/account/address.page'), 'AddressPage');
const ProfilePage = page(() => import('../features/account/profile.page'), 'ProfilePage');
const WishlistPage = page(() => import('../features/account/wishlist.page'), 'WishlistPage');
const CategoryAdminPage = page(() => import('../features/admin/category.page'), 'CategoryPage');
const SubCategoryAdminPage = page(() => import('../features/admin/subcategory.page'), 'SubCategoryPage');
const UploadProductPage = page(() => import('../features/admin/upload-product.page'), 'UploadProductPage');
const AdminOverviewPage = page(() => import('../features/admin/overview.page'), 'OverviewPage');
const AdminProductsPage = page(() => import('../features/admin/products.page'), 'AdminProductsPage');
const AdminCouponsPage = page(() => import('../features/admin/coupons.page'), 'CouponsPage');
const AdminReturnsPage = page(() => import('../features/admin/returns.page'), 'ReturnsPage');
const AdminSynonymsPage = page(() => import('../features/admin/synonyms.page'), 'SynonymsPage');

/**
 * The route table of docs/product.md#screens but `/` (routes.tsx): static segments outrank the listing's two dynamic ones;
 * 404 last.
 */
const ROUTES: Array<{ path: string; element: ReactNode }> = [
  { path: '/search', element: <SearchPage /> },
  { path: '/product/:productSlug', element: <ProductPage /> },
  { path: '/privacy-policy', element: <PolicyPage /> },
  { path: '/return-policy', element: <PolicyPage /> },
  { path: '/about', element: <FooterLinkPage /> },
  { path: '/shop', element: <FooterLinkPage /> },
  { path: '/contact', element: <FooterLinkPage /> },
  { path: '/faqs', element: <FooterLinkPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/login/mobile', element: <MobileSignInPage /> },
  { path: '/login/name', element: <NamePage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/verification-otp', element: <VerificationOtpPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/user', element: <UserMenuPage /> },
  { path: '/cart', element: <CartPage /> },
  { path: '/checkout', element: <CheckoutPage /> },
  { path: '/success', element: <SuccessPage /> },
  { path: '/cancel', element: <CancelPage /> },
  { path: '/my-orders', element: <MyOrdersPage /> },
  { path: '/dashboard', element: <AdminOverviewPage /> },
  { path: '/dashboard/myorders', element: <MyOrdersPage /> },
  { path: '/dashboard/allorders', element: <AllOrdersPage /> },
  { path: '/dashboard/address', element: <AddressPage /> },
  { path: '/dashboard/profile', element: <ProfilePage /> },
  { path: '/dashboard/mywishlist', element: <WishlistPage /> },
  { path: '/dashboard/category', element: <CategoryAdminPage /> },
  { path: '/dashboard/subcategory', element: <SubCategoryAdminPage /> },
  { path: '/dashboard/upload-product', element: <UploadProductPage /> },
  { path: '/dashboard/product', element: <AdminProductsPage /> },
  { path: '/dashboard/coupons', element: <AdminCouponsPage /> },
  { path: '/dashboard/returns', element: <AdminReturnsPage /> },
  { path: '/dashboard/synonyms', element: <AdminSynonymsPage /> },
  // account, cart, checkout, orders and dashboard routes are added above this line by their features
  { path: '/:categorySlug/:subCategorySlug', element: <ListingPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** The pages below `/`: react-router's routes, under routes.tsx's `*`. */
export function OtherRoutes() {
  return (
    <Routes>
      {ROUTES.map((r) => (
        <Route key={r.path} path={r.path} element={r.element} />
      ))}
    </Routes>
  );
}

/** Loads the chunk of the page at `pathname`. */
export function preloadPage(pathname: string): Promise<unknown> {
  const match = matchRoutes(ROUTES, pathname)?.at(-1);
  const type = (match?.route.element as ReactElement | undefined)?.type as Partial<Page> | undefined;
  return type?.preload?.() ?? Promise.resolve();
}

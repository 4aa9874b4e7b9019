import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { idFromSegment } from '@haat/shared/routing/slug';
import { cartPromiseKey, usePromise, type DeliveryPromise, type PromiseSubject } from '../../lib/delivery/delivery-promise';
import type { KnownPlace } from '../../lib/delivery/delivery-place';
import { deliveryDateWords, headerPromise } from '../../lib/delivery/delivery-words';
import { isSignedInAtom } from '../../lib/http/session';
import { i18n } from '../../i18n/i18n';
import { useCart } from '../../features/cart/public';

/** The product a page shows (`/product/<name>-<id>`), or null. */
export const productOnScreen = (pathname: string): string | null =>
  pathname.startsWith('/product/') ? idFromSegment(pathname.slice('/product/'.length)) : null;

/**
 * What the header promises for a chosen place (docs/product.md#delivery, "The header"): on a product's page, that
 * product's promise; elsewhere, the signed-in shopper's cart's; with neither, the place's own courier date.
 */
export function headerSubject(place: KnownPlace, productId: string | null, cart: string | undefined): PromiseSubject | null {
  if (productId) return { pincode: place.pincode, productId };
  return cart ? { pincode: place.pincode, cart } : null;
}

/** The header's words for a place and the promise asked for it (none yet: the place's date by the delivery zones). */
export function headerWords(place: KnownPlace, promise: DeliveryPromise | undefined): string {
  if (promise?.kind === 'express') return i18n.t('common:delivery.headerIn', { pincode: place.pincode, count: promise.minutes });
  if (promise?.kind === 'courier') return i18n.t('common:delivery.headerBy', { pincode: place.pincode, date: deliveryDateWords(promise.date) });
  return headerPromise(place);
}

/** The header's promise once a place is chosen (loaded then, app/shell/header.tsx), from the one promise hook. */
export function HeaderPromise({ place }: { place: KnownPlace }) {
  const productId = productOnScreen(useLocation().pathname);
  const signedIn = useAtomValue(isSignedInAtom);
  const { lines, waiting } = useCart();
  const seen = usePromise(headerSubject(place, productId, signedIn ? cartPromiseKey(lines, waiting.size) : undefined));
  return <>{headerWords(place, seen?.promise)}</>;
}

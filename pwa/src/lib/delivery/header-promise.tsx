import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { idFromSegment } from '@haat/shared/routing/slug';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { cartPromiseKey, usePromise, type DeliveryPromise, type PromiseSubject } from './delivery-promise';
import { deliveryPlaceAtom, type KnownPlace } from './delivery-place';
import { deliveryDateWords, headerPromise } from './delivery-words';
import { isSignedInAtom } from '../http/session';
import { useDeviceQuery } from '../storage/device-store';
import { outboxFacade } from '../storage/outbox-facade';
import { i18n } from '../../i18n/i18n';

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

/** What the cart's promise is asked on (cartPromiseKey): its lines as IndexedDB holds them and how many wait to sync. */
export function useCartKey(signedIn: boolean): string | undefined {
  return useDeviceQuery(
    async (db) => {
      if (!signedIn) return undefined;
      const [lines, queued] = await Promise.all([db.cart.toArray(), outboxFacade.pending('cart.sync')]);
      const waiting = new Set(queued.flatMap((e) => e.body.items.map((i) => cartLineKey(i.productId, i.variantId))));
      return cartPromiseKey(lines, waiting.size);
    },
    [signedIn],
  );
}

/** The header's promise once a place is chosen (a lazy part, promise-part.ts, app/shell/header.tsx), from the one promise hook. */
export function HeaderPromise({ place }: { place: KnownPlace }) {
  const productId = productOnScreen(useLocation().pathname);
  const cart = useCartKey(useAtomValue(isSignedInAtom));
  const seen = usePromise(headerSubject(place, productId, cart));
  return <>{headerWords(place, seen?.promise)}</>;
}

/** The home page's eyebrow once a place is named: the header's promise for it ("Delivery to 560034 in 10 minutes", docs/product.md#delivery). */
export function PlaceLine() {
  const place = useAtomValue(deliveryPlaceAtom);
  if (!place) return null;
  return (
    <span data-testid="hero-promise">
      <HeaderPromise place={place} />
    </span>
  );
}

import type { CartProduct, ChosenVariant } from '@haat/shared/cart/cart.types';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { lineLimitReached, lineMax } from '@haat/shared/cart/cart.rules';
import { openStorage } from '../../lib/storage/device-store';
import { toast } from '../../lib/ui/toast';
import { i18n } from '../../i18n/i18n';

/** One change to the cart, written to IndexedDB and queued in one transaction, then sent if the network allows. */
export async function changeCart(product: CartProduct, delta: number, variant: ChosenVariant | null): Promise<void> {
  const name = variant ? `${product.name} (${variant.name})` : product.name;
  const variantId = variant?._id ?? null;
  const key = cartLineKey(product._id, variantId);
  // Dexie and the outbox load on first need (lib/storage/device-store.ts): a card's Add is on the first visit's path.
  const [db, { outboxFacade }] = await Promise.all([openStorage(), import('../../lib/storage/outbox-facade')]);
  let inCart = 0;
  const outcome = await outboxFacade.transaction([db.cart], async () => {
    const line = await db.cart.get(key);
    const before = line?.quantity ?? 0;
    // The line's own figures when it has them (the server's latest), the product's limit where the line has none.
    const held: CartProduct = line ? { ...line.product, maxPerOrder: line.product.maxPerOrder ?? product.maxPerOrder } : product;
    const max = lineMax(held);
    const quantity = Math.max(0, Math.min(before + delta, Math.max(max, before)));
    inCart = quantity;
    if (quantity === before) return delta > 0 ? (lineLimitReached(held, quantity) === 'limit' ? `limit:${max}` : max === 0 ? 'out' : `max:${max}`) : 'same';
    if (quantity === 0) await db.cart.delete(key);
    else
      await db.cart.put({
        ...line,
        key,
        productId: product._id,
        variantId,
        variant,
        product: held,
        quantity,
        addedAt: line?.addedAt ?? Date.now(),
      });
    await outboxFacade.enqueue('cart.sync', { items: [{ productId: product._id, variantId, quantity }] });
    return before === 0 ? 'added' : quantity === 0 ? 'removed' : 'changed';
  });
  // Every change is said, with the count now in the cart, through the toaster's one polite live region
  // (docs/product.md#keyboard-and-screen-readers), one toast at a time: taps on + show the latest count.
  if (outcome === 'added') toast.success(i18n.t('cart:toast.added', { name, count: inCart }));
  if (outcome === 'changed') toast.success(i18n.t('cart:toast.changed', { name, count: inCart }));
  if (outcome === 'removed') toast.success(i18n.t('cart:toast.removed', { name }));
  if (outcome === 'out') toast.error(i18n.t('cart:toast.outOfStock', { name }));
  if (outcome.startsWith('max:')) toast.plain(i18n.t('cart:toast.onlyInStock', { name, count: Number(outcome.slice(4)) }));
  if (outcome.startsWith('limit:')) toast.plain(i18n.t('cart:toast.perOrder', { name, count: Number(outcome.slice(6)) }));
  void outboxFacade.flush();
}

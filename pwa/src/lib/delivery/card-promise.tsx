import { useAtomValue } from 'jotai';
import { useTranslation } from '../../i18n/i18n';
import { useOnlineQuery } from '../query/query-client';
import { queryOptions } from '@tanstack/react-query';
import { DELIVERY_PROMISES_PATH, MAX_CARD_PROMISES, type CardPromises, type DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import type { Envelope } from '@haat/shared/common/envelope';
import { http } from '../http/http';
import { queryKeys } from '../query/query-keys';
import { deliveryPlaceAtom } from './delivery-place';

/** The cards' asks going together: one pincode, up to a page of products, and the answer they all wait for. */
type Batch = { pincode: string; ids: Set<string>; answer: Promise<Map<string, DeliveryPromise>> };
let open: Batch | null = null;

/** A card's promise, asked with every other card drawn in the same turn: one request a page (GET /api/delivery/promises). */
function fetchCardPromise(pincode: string, productId: string): Promise<DeliveryPromise | null> {
  if (!open || open.pincode !== pincode || (open.ids.size >= MAX_CARD_PROMISES && !open.ids.has(productId))) {
    const ids = new Set<string>();
    const answer = new Promise((turn) => setTimeout(turn, 0)).then(async () => {
      if (open?.ids === ids) open = null;
      const searchParams = { pincode, productIds: [...ids].join(',') };
      const body = await http.get(DELIVERY_PROMISES_PATH, { searchParams, context: { silent: true } }).json<Envelope<CardPromises>>();
      return new Map((body.data?.promises ?? []).map((p) => [p.productId, p.promise]));
    });
    open = { pincode, ids, answer };
  }
  open.ids.add(productId);
  return open.answer.then((byId) => byId.get(productId) ?? null);
}

/** A product card's promise: the same rule for a page of products at once, kept a minute. */
export const cardPromiseQuery = (pincode: string, productId: string) =>
  queryOptions({ queryKey: queryKeys.card(pincode, productId), queryFn: () => fetchCardPromise(pincode, productId), staleTime: 60_000 });

/**
 * A product card's line for the chosen pincode (docs/product.md#delivery): a dark store's minutes when it has the
 * product on its shelves ("Delivery in 10 min"), nothing otherwise (the header says the courier's date). Online
 * only: offline, a card says nothing it cannot check.
 */
export function CardPromise({ productId }: { productId: string }) {
  const { t } = useTranslation('promise');
  const pincode = useAtomValue(deliveryPlaceAtom)?.pincode;
  const asked = useOnlineQuery({ ...cardPromiseQuery(pincode ?? '', productId), enabled: !!pincode });
  const promise = asked.data;
  if (promise?.kind !== 'express') return null;
  return (
    // Styled here, not in the precached shell's CSS, in the green the product page's promise uses.
    <span className="card-promise" data-testid="card-promise" style={{ fontSize: 12, fontWeight: 600, color: '#0b6e35' }}>
      {t('card', { count: promise.minutes })}
    </span>
  );
}

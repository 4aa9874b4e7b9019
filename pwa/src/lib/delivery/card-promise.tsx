import { useAtomValue } from 'jotai';
import { DELIVERY_PROMISES_PATH, MAX_CARD_PROMISES, type CardPromises, type DeliveryPromise } from '@haat/shared/addresses/delivery-promise';
import type { Envelope } from '@haat/shared/common/envelope';
import { useTranslation } from '../../i18n/i18n';
import { http } from '../http/http';
import { useOnlineQuery } from '../query/query-client';
import { deliveryPlaceAtom } from './delivery-place';

/** The cards' asks waiting to go: one pincode, up to a page of products, each with whoever waits for its answer. */
type Batch = { pincode: string; waiting: Map<string, Array<{ resolve: (p: DeliveryPromise | null) => void; reject: (e: unknown) => void }>> };
let open: Batch | null = null;

async function send(batch: Batch): Promise<void> {
  if (open === batch) open = null;
  const productIds = [...batch.waiting.keys()].join(',');
  try {
    const answer = await http
      .get(DELIVERY_PROMISES_PATH, { searchParams: { pincode: batch.pincode, productIds }, context: { silent: true } })
      .json<Envelope<CardPromises>>();
    const byId = new Map((answer.data?.promises ?? []).map((p) => [p.productId, p.promise]));
    for (const [id, waiting] of batch.waiting) for (const w of waiting) w.resolve(byId.get(id) ?? null);
  } catch (error) {
    for (const waiting of batch.waiting.values()) for (const w of waiting) w.reject(error);
  }
}

/** A card's promise, asked with every other card drawn in the same turn: one request a page (GET /api/delivery/promises). */
function askCard(pincode: string, productId: string): Promise<DeliveryPromise | null> {
  return new Promise((resolve, reject) => {
    if (!open || open.pincode !== pincode || (open.waiting.size >= MAX_CARD_PROMISES && !open.waiting.has(productId))) {
      const batch: Batch = { pincode, waiting: new Map() };
      open = batch;
      setTimeout(() => void send(batch), 0);
    }
    const waiting = open.waiting.get(productId) ?? [];
    waiting.push({ resolve, reject });
    open.waiting.set(productId, waiting);
  });
}

/**
 * A product card's line for the chosen pincode (docs/product.md#delivery): a dark store's minutes when it has the
 * product on its shelves ("Delivery in 10 min"), nothing otherwise (the header says the courier's date). Online
 * only: offline, a card says nothing it cannot check.
 */
export function CardPromise({ productId }: { productId: string }) {
  const { t } = useTranslation('promise');
  const pincode = useAtomValue(deliveryPlaceAtom)?.pincode;
  const asked = useOnlineQuery({
    queryKey: ['card-promise', pincode, productId],
    queryFn: () => askCard(pincode!, productId),
    enabled: !!pincode,
    staleTime: 60_000,
    retry: false,
  });
  const promise = asked.data;
  if (promise?.kind !== 'express') return null;
  return (
    // Styled here, not in the precached shell's CSS, in the green the product page's promise uses.
    <span className="card-promise" data-testid="card-promise" style={{ fontSize: 12, fontWeight: 600, color: '#0b6e35' }}>
      {t('card', { count: promise.minutes })}
    </span>
  );
}

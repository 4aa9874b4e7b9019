import type { Envelope } from '@haat/shared/common/envelope';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import type { NotifyMeBody, StockAlert } from '@haat/shared/notify-me/notify-me.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { http } from '../../lib/http/http';
import { toast } from '../../lib/ui/toast';
import { i18n } from '../../i18n/i18n';
import { outboxFacade } from '../../lib/storage/outbox-facade';
import { notifyMeWaits } from '../../lib/storage/device-collections';
import { refreshFromServer, rowsFor } from '../../lib/storage/server-copy';
import { openStorage, type NotifyMeEntry } from '../../lib/storage/device-store';

const notifyMeApi = {
  list: () => http.get('user/notify-me', { context: { silent: true } }).json<Envelope<StockAlert[]>>(),
  add: (body: NotifyMeBody) => http.post('product/notify-me', { json: body, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
  remove: (body: NotifyMeBody) => http.post('product/notify-me/remove', { json: body, retry: 0, context: { silent: true } }).json<Envelope<unknown>>(),
};

/** A wait as the server lists it, kept on the device under its unit's key. */
export const notifyMeEntry = (wait: StockAlert): NotifyMeEntry => ({
  key: cartLineKey(wait.productId, wait.variantId),
  productId: wait.productId,
  variantId: wait.variantId,
  addedAt: Date.parse(wait.createdAt) || Date.now(),
  wait,
});

/** GET /api/user/notify-me into IndexedDB, through the one rule (lib/storage/server-copy.ts). */
export async function reloadNotifyMe(): Promise<void> {
  await refreshFromServer(notifyMeApi.list, ({ data }) => [rowsFor(notifyMeWaits, (data ?? []).map(notifyMeEntry))]);
}

/** "Notify me" asks and removals go out one by one (docs/product.md#back-in-stock); a resend changes nothing. */
export function registerNotifyMeSync(): void {
  outboxFacade.register('notify-me.add', {
    send: ([e]) => notifyMeApi.add(e!.body),
    // An ask queued offline with no channel on (409 NO_CHANNEL): no wait was taken, so the device drops its row and says
    // so; the next tap online asks by which channel (docs/product.md#back-in-stock).
    reject: async ([e], problem) => {
      if (problem.code !== ErrorCode.NoChannel) return false;
      await (await openStorage()).notifyMe.delete(cartLineKey(e!.body.productId, e!.body.variantId));
      toast.error(i18n.t('catalog:notifyMeNotTaken'));
      return false;
    },
  });
  outboxFacade.register('notify-me.remove', { send: ([e]) => notifyMeApi.remove(e!.body) });
}

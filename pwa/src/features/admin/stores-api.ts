import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import { STORE_QUEUE_MOVE_PATH, STORE_QUEUE_PATH, type StoreQueueMoveBody, type StoreQueueOrder } from '@haat/shared/orders/store-queue';
import type { CreateStoreRequest, SetStoreStockRequest, Store, StoreStockLine, TransferStockRequest } from '@haat/shared/stores/store.schema';
import { i18n } from '../../i18n/i18n';
import { http } from '../../lib/http/http';
import { problemOf } from '../../lib/http/http-problem';
import { adminKeys } from '../../lib/query/admin-keys';
import { invalidate } from '../../lib/query/query-client';
import { toast } from '../../lib/ui/toast';

/** The admin's store routes (docs/product.md#delivery); reads skip every cache: an admin edits what the server holds. */
export const storesApi = {
  list: async (signal?: AbortSignal) => (await http.get('store/list', { cache: 'no-store', signal }).json<Envelope<{ stores: Store[] }>>()).data?.stores ?? [],
  // The form shows a refusal under its field (lib/ui/form-refusal.tsx): no toast.
  create: (body: CreateStoreRequest) => http.post('store/create', { json: body, context: { silent: true } }).json<Envelope<{ store: Store }>>(),
  update: (body: CreateStoreRequest & { _id: string }) =>
    http.put('store/update', { json: body, context: { silent: true } }).json<Envelope<{ store: Store }>>(),
  setOpen: (_id: string, open: boolean) => http.post(open ? 'store/reopen' : 'store/close', { json: { _id } }).json<Envelope<{ store: Store }>>(),
  stock: async (storeId: string, signal?: AbortSignal) =>
    (await http.get('store/stock', { searchParams: { storeId }, cache: 'no-store', signal }).json<Envelope<{ stock: StoreStockLine[] }>>()).data?.stock ?? [],
  setStock: (body: SetStoreStockRequest) => http.put('store/stock', { json: body }).json<Envelope<unknown>>(),
  transfer: (body: TransferStockRequest) => http.post('store/transfer', { json: body }).json<Envelope<unknown>>(),
  /** A dark store's queue: its open express orders, oldest first (GET /api/store/queue). */
  queue: async (storeId: string, signal?: AbortSignal) =>
    (await http.get(STORE_QUEUE_PATH, { searchParams: { storeId }, signal, cache: 'no-store' }).json<Envelope<{ orders: StoreQueueOrder[] }>>()).data?.orders ??
    [],
  /** Silent: the queue says the server's reason itself. */
  moveQueued: (json: StoreQueueMoveBody) => http.post(STORE_QUEUE_MOVE_PATH, { json, context: { silent: true } }).json<Envelope<Order>>(),
};

export const storesQuery = () => queryOptions({ queryKey: adminKeys.stores(), queryFn: ({ signal }) => storesApi.list(signal) });

/** A store's shelves beside the warehouse's figures. */
export const storeStockQuery = (storeId: string) =>
  queryOptions({ queryKey: adminKeys.storeStock(storeId), queryFn: ({ signal }) => storesApi.stock(storeId, signal) });

/** A queue is read again this often while shown (minutes left tick down), and at once when an order is placed or moved (realtime). */
const QUEUE_REFRESH_MS = 30_000;

export const storeQueueQuery = (storeId: string) =>
  queryOptions({ queryKey: adminKeys.storeQueue(storeId), queryFn: ({ signal }) => storesApi.queue(storeId, signal), refetchInterval: QUEUE_REFRESH_MS });

// The stores' online writes (lib/query/server-write.ts): each says the server's message; the page reads its lists again.

/** Closes or reopens a store. */
export const storeOpenWrite = () =>
  mutationOptions({
    mutationFn: ({ id, open }: { id: string; open: boolean }) => storesApi.setOpen(id, open),
    onSuccess: (answer) => toast.success(answer.message),
  });

/** A change of a store's shelves: a figure set against the one shown, or units moved from or to the warehouse. */
export const shelfWrite = () =>
  mutationOptions({ mutationFn: (work: () => Promise<Envelope<unknown>>) => work(), onSuccess: (answer) => toast.success(answer.message) });

/**
 * A move of an order in a store's queue (Packed, Out for delivery, Delivered): sent silently, so the server's reason for
 * a refusal is said here; the queue is read again either way.
 */
export const queueMoveWrite = (storeId: string) =>
  mutationOptions({
    mutationFn: ({ orderId, status }: { orderId: string; status: OrderStage }) => storesApi.moveQueued({ storeId, orderId, status }),
    onSuccess: (answer) => toast.success(answer.message),
    onError: (error) => toast.error(problemOf(error).message || i18n.t('stores:queue.failed')),
    onSettled: () => invalidate(...adminKeys.storeQueue(storeId)),
  });

// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Table } from 'dexie';
import type { User } from '@haat/shared/users/user.types';

/**
 * The one rule against stale reloads (docs/architecture.md "The PWA's data layer"), model-based: random interleavings
 * of taps, writes the server answered first, changes made elsewhere, reloads, answers served and delivered in any
 * order, lost answers, going offline, reconnecting, signing out and in, for every device collection, each refreshed
 * through the app's own function. After every step, no write the shopper made is undone on the screen; at the end, once
 * every answer has landed and a fresh reload has run, the device holds the server's state plus what is still queued.
 */

/** Every call the device makes waits for the test: served (the server reads or applies it), then delivered or lost. */
interface Call {
  what: string;
  body: unknown;
  served?: unknown;
  resolve: (answer: unknown) => void;
  reject: (error: unknown) => void;
  /** What finishes once the device has handled the answer (a reload); sends are waited for through the outbox. */
  after?: Promise<unknown>;
}
const calls: Call[] = [];
/** Told when the device makes a call. */
const onCall = new Set<() => void>();
vi.mock('../../http/http', () => {
  const call = (method: string) => (url: string, options?: { json?: unknown }) => ({
    json: () =>
      new Promise((resolve, reject) => {
        calls.push({ what: `${method} ${url}`, body: options?.json, resolve, reject });
        for (const told of onCall) told();
      }),
  });
  return { http: { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') } };
});

let online = true;
vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);

const { db } = await import('../db');
const { openStorage } = await import('../device-store');
const collections = await import('../device-collections');
const { refreshFromServer, rowsFor, adoptServerRows } = await import('../server-copy');
const { outbox } = await import('../outbox-sync');
const { claimUserData, clearUserData } = await import('../user-data');
const { reloadOrders } = await import('../order-store');
const { endSession, setSessionUser } = await import('../../http/session');
const { tokens } = await import('../../http/tokens');
const { http } = await import('../../http/http');
const { registerCartSync, reloadCart } = await import('../../../features/cart/cart-sync');
const { changeCart } = await import('../../../features/cart/change-cart');
const { reloadWishlist, registerWishlistSync } = await import('../../../features/account/wishlist-sync');
const { toggleWished } = await import('../../../features/account/hooks/use-wishlist-toggle');
const { keepAddress, reloadAddresses } = await import('../../../features/account/address-store');
const { registerNotifyMeSync, reloadNotifyMe } = await import('../../../features/account/notify-me-sync');
const { setNotifyMe } = await import('../../../features/account/hooks/use-notify-me');

/** What the shopper or the server decides of a row: `v` (a quantity, a name, a stage) and `s` (a price, a detail). */
type Fact = { v: number; s: number };
const KEYS = ['a', 'b', 'c'];
const iso = '2026-01-01T00:00:00.000Z';

interface Spec {
  table: () => Table<unknown, string>;
  /** Rows absent from an answer are gone on the server; partial copies only ever gain rows. */
  whole: boolean;
  /** The shopper's own data: wiped on sign-out, reloaded only signed in. */
  account: boolean;
  /** The server's row as the API answers it. */
  api: (k: string, f: Fact) => unknown;
  view: (row: never) => Fact;
  reload: () => Promise<unknown>;
  /** A queued write (a tap), through the app's own function. */
  tap?: (k: string, f: Fact) => Promise<void>;
  /** A write the server answered first, kept on the device by the app's own code. */
  keep?: (k: string, f: Fact) => Promise<void>;
}

const product = (k: string) => ({ _id: k, name: k, image: [], unit: '1', price: 1, discount: 0, stock: 99 });
const CATALOGUE = {
  cachedProducts: 'products',
  cachedLists: 'lists',
  cachedCategories: 'categories',
  cachedSubCategories: 'subCategories',
  cachedAnswers: 'answers',
} as const;
type Catalogue = keyof typeof CATALOGUE;
const catalogue = (name: Catalogue, api: (k: string, f: Fact) => unknown, view: (row: never) => Fact, whole = false): Spec => {
  const collection = collections.deviceCollections[name] as never;
  return {
    table: () => (collection as { table: (d: typeof db) => Table<unknown, string> }).table(db),
    whole,
    account: false,
    api,
    view,
    reload: () =>
      refreshFromServer(
        () => http.get(`catalogue/${name}`).json<{ data: unknown[] }>(),
        ({ data }) => [rowsFor(collection, data as never[])],
      ),
    // An admin's write: the server's answer, newer than any question on its way (features/admin/storefront-copies.ts).
    keep: async () => {
      const rows = [...server[CATALOGUE[name]]!].map(([k, f]) => api(k, f));
      await adoptServerRows(await openStorage(), [rowsFor(collection, rows as never[])]);
    },
  };
};
const plain = (k: string, f: Fact) => ({ _id: k, name: 'n', ...f });
const plainView = (r: Fact) => ({ v: r.v, s: r.s });

const specs: Record<string, Spec> = {
  cart: {
    table: () => db.cart,
    whole: true,
    account: true,
    api: (k, f) => ({ _id: `line-${k}`, productId: { ...product(k), price: f.s }, quantity: f.v, variantId: null, createdAt: iso }),
    view: (r: { quantity: number; product: { price: number } }) => ({ v: r.quantity, s: r.product.price }),
    reload: reloadCart,
    tap: (k, f) => changeCart(product(k), f.v % 3 === 0 ? -1 : 1, null),
  },
  wishlist: {
    table: () => db.wishlist,
    whole: true,
    account: true,
    api: (k, f) => ({ ...product(k), price: f.s, addedAt: iso }),
    view: (r: { product?: { price: number } }) => ({ v: 1, s: r.product?.price ?? 1 }),
    reload: reloadWishlist,
    tap: async (k) => void (await toggleWished(k)),
  },
  notifyMe: {
    table: () => db.notifyMe,
    whole: true,
    account: true,
    api: (k, f) => ({
      productId: k,
      variantId: null,
      name: k,
      variantName: null,
      image: [],
      price: f.s,
      discount: 0,
      inStock: false,
      createdAt: iso,
      endsAt: iso,
    }),
    view: (r: { wait?: { price: number } }) => ({ v: 1, s: r.wait?.price ?? 1 }),
    reload: reloadNotifyMe,
    tap: async (k) => void (await setNotifyMe({ productId: k, variantId: null }, !(await db.notifyMe.get(k)))),
  },
  addresses: {
    table: () => db.addresses,
    whole: true,
    account: true,
    api: (k, f) => ({ _id: k, name: String(f.v), pincode: String(f.s), status: true, createdAt: iso }),
    view: (r: { name: string; pincode: string }) => ({ v: Number(r.name), s: Number(r.pincode) }),
    reload: reloadAddresses,
    keep: (k, f) => keepAddress(specs.addresses!.api(k, f) as never),
  },
  orders: {
    table: () => db.orders,
    whole: true,
    account: true,
    api: (k, f) => ({ orderId: k, createdAt: iso, ...f }),
    view: plainView,
    reload: reloadOrders,
    keep: async (k, f) => void (await (await openStorage()).orders.put(specs.orders!.api(k, f) as never)),
  },
  products: catalogue('cachedProducts', plain, plainView),
  lists: catalogue(
    'cachedLists',
    (k, f) => ({ key: k, ids: [], page: 1, total: f.v, totalPage: f.s, savedAt: 0 }),
    (r: { total: number; totalPage: number }) => ({ v: r.total, s: r.totalPage }),
  ),
  categories: catalogue('cachedCategories', plain, plainView, true),
  subCategories: catalogue('cachedSubCategories', plain, plainView, true),
  answers: catalogue(
    'cachedAnswers',
    (k, f) => ({ key: k, value: f }),
    (r: { value: Fact }) => r.value,
  ),
};
const NAMES = Object.keys(specs);
const ACCOUNT_GETS: Record<string, string> = {
  'cart/get': 'cart',
  'wishlist/get': 'wishlist',
  'user/notify-me': 'notifyMe',
  'address/get': 'addresses',
  'order/order-list': 'orders',
};

/** The server: each collection's facts by key. */
let server: Record<string, Map<string, Fact>>;

/** The server does what a call asks and answers with what it holds then. */
function serve(call: Call): unknown {
  if (call.served !== undefined) return call.served;
  const [method, url] = call.what.split(' ') as [string, string];
  const name =
    ACCOUNT_GETS[url] ??
    CATALOGUE[url.replace('catalogue/', '') as Catalogue] ??
    (url.startsWith('cart') ? 'cart' : url.startsWith('product/notify-me') ? 'notifyMe' : 'wishlist');
  const facts = server[name]!;
  if (method === 'PUT') {
    for (const { productId, quantity } of (call.body as { items: Array<{ productId: string; quantity: number }> }).items) {
      if (quantity > 0) facts.set(productId, { v: quantity, s: facts.get(productId)?.s ?? 1 });
      else facts.delete(productId);
    }
  }
  if (method === 'POST') {
    const { productId } = call.body as { productId: string };
    if (url.endsWith('remove')) facts.delete(productId);
    else facts.set(productId, { v: 1, s: facts.get(productId)?.s ?? 1 });
  }
  call.served = { success: true, data: [...facts].map(([k, f]) => specs[name]!.api(k, f)) };
  return call.served;
}

/**
 * Lets the outbox finish handling an answer, sending nothing more meanwhile; answers false when a send it had already
 * started shows up instead (its call waits for the test like any other).
 */
async function outboxDone(): Promise<boolean> {
  const was = online;
  online = false;
  let told = () => undefined as void;
  const sent = new Promise<boolean>((resolve) => onCall.add((told = () => resolve(false))));
  const done = outbox.flush().then(
    () => true,
    () => true,
  );
  const finished = await Promise.race([done, sent]);
  onCall.delete(told);
  online = was;
  return finished;
}

async function land(call: Call, lost: boolean): Promise<void> {
  calls.splice(calls.indexOf(call), 1);
  if (lost) call.reject(new TypeError('Failed to fetch'));
  else call.resolve(serve(call));
  await (call.after ?? outboxDone());
}

/** Every call lands, and the outbox is left with nothing on its way. */
async function landAll(): Promise<void> {
  for (;;) {
    while (calls[0]) await land(calls[0], false);
    if (await outboxDone()) return;
  }
}

type Op =
  /** `gone`: the row removed elsewhere (whole collections), or a reload's question answered at once. */
  | { op: 'reload' | 'tap' | 'keep' | 'elsewhere'; name: string; k: string; f: Fact; gone: boolean }
  | { op: 'serve' | 'deliver' | 'lose'; i: number }
  | { op: 'offline' | 'reconnect' | 'signOut' | 'signIn' };

const fact = fc.record({ v: fc.integer({ min: 1, max: 9 }), s: fc.integer({ min: 1, max: 9 }) });
/** Steps over a few collections at a time (every one is drawn across the runs), so their interleavings are dense. */
const opsArb: fc.Arbitrary<Op[]> = fc.subarray(NAMES, { minLength: 1, maxLength: 2 }).chain((names) =>
  fc.array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          op: fc.constantFrom('reload', 'tap', 'keep', 'elsewhere'),
          name: fc.constantFrom(...names),
          k: fc.constantFrom(...KEYS),
          f: fact,
          gone: fc.boolean(),
        }),
      },
      { weight: 3, arbitrary: fc.record({ op: fc.constantFrom('serve', 'deliver', 'deliver', 'lose'), i: fc.nat(5) }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constantFrom('offline', 'reconnect', 'signOut', 'signIn') }) },
    ) as fc.Arbitrary<Op>,
    { minLength: 10, maxLength: 40 },
  ),
);

async function viewOf(name: string): Promise<Map<string, Fact>> {
  const spec = specs[name]!;
  const rows = await spec.table().toArray();
  const key = (row: Record<string, string>) => row.key ?? row._id ?? row.orderId;
  return new Map(rows.map((row) => [key(row as never)!, spec.view(row as never)] as const).filter(([k]) => KEYS.includes(k)));
}

/** What the outbox still holds, per collection and key: the value the shopper last gave (0: removed). */
async function queued(): Promise<Record<string, Map<string, number>>> {
  const out: Record<string, Map<string, number>> = { cart: new Map(), wishlist: new Map(), notifyMe: new Map() };
  const entries = (await db.outbox.toArray()).filter((e) => !e.failed).sort((a, b) => (a.key < b.key ? -1 : 1));
  for (const e of entries) {
    const body = e.body as { items?: Array<{ productId: string; quantity: number }>; productId?: string };
    if (e.op === 'cart.sync') for (const item of body.items!) out.cart!.set(item.productId, item.quantity);
    else if (e.op.startsWith('notify-me.')) out.notifyMe!.set(body.productId!, e.op === 'notify-me.add' ? 1 : 0);
    else out.wishlist!.set(body.productId!, e.op === 'wishlist.add' ? 1 : 0);
  }
  return out;
}

async function run(ops: Op[]): Promise<void> {
  calls.length = 0;
  online = true;
  server = Object.fromEntries(NAMES.map((n) => [n, new Map()]));
  await Promise.all(NAMES.map((n) => specs[n]!.table().clear()));
  await clearUserData();
  tokens.save({ accessToken: 'access', refreshToken: 'refresh' });
  setSessionUser({ _id: 'u1', name: 'Asha' } as User);
  await claimUserData('u1');
  let signedIn = true;
  /** What a write of the shopper's put on the screen, per collection and key, until the server changes it elsewhere. */
  const mine = new Map<string, number | undefined>();

  for (const step of ops) {
    if (step.op === 'serve' || step.op === 'deliver' || step.op === 'lose') {
      const call = calls[step.i % Math.max(calls.length, 1)];
      if (!call) continue;
      if (step.op === 'serve') serve(call);
      else await land(call, step.op === 'lose');
    } else if (step.op === 'offline') online = false;
    else if (step.op === 'reconnect') {
      online = true;
      void outbox.flush().catch(() => undefined);
    } else if (step.op === 'signOut') {
      endSession();
      await clearUserData();
      signedIn = false;
      for (const n of NAMES) if (specs[n]!.account) for (const k of KEYS) mine.delete(`${n}/${k}`);
    } else if (step.op === 'signIn') {
      tokens.save({ accessToken: 'access', refreshToken: 'refresh' });
      setSessionUser({ _id: 'u1', name: 'Asha' } as User);
      await claimUserData('u1');
      signedIn = true;
    } else if ('name' in step) {
      const spec = specs[step.name]!;
      if (spec.account && !signedIn) continue;
      const id = `${step.name}/${step.k}`;
      const f = step.name === 'wishlist' || step.name === 'notifyMe' ? { ...step.f, v: 1 } : step.f; // a heart or a wait is on or off
      if (step.op === 'elsewhere') {
        if (step.gone && spec.whole) server[step.name]!.delete(step.k);
        else server[step.name]!.set(step.k, f);
        mine.delete(id);
      } else if (step.op === 'reload') {
        const after = spec.reload().catch(() => undefined);
        calls.at(-1)!.after = after;
        if (step.gone) serve(calls.at(-1)!); // the server answers at once; the answer is on its way
      } else if (step.op === 'tap' && spec.tap) {
        const before = (await viewOf(step.name)).get(step.k)?.v;
        await spec.tap(step.k, f);
        const after = (await viewOf(step.name)).get(step.k)?.v;
        // A tap that changes nothing (− on a line not in the cart) is no write: the server's copy may show.
        if (after !== before) mine.set(id, after);
      } else if (step.op === 'keep' && spec.keep) {
        server[step.name]!.set(step.k, f);
        await spec.keep(step.k, f);
        mine.set(id, f.v);
      }
    }
    // A tap or a kept write stays on the screen whatever answer lands.
    for (const [id, v] of mine) {
      const [name, k] = id.split('/') as [string, string];
      expect((await viewOf(name)).get(k)?.v, `${id} after ${JSON.stringify(step)}`).toBe(v);
    }
  }

  // Nothing more is sent (what is queued stays queued); every answer lands; signed in again; a fresh reload of each.
  online = false;
  await landAll();
  if (!signedIn) {
    tokens.save({ accessToken: 'access', refreshToken: 'refresh' });
    setSessionUser({ _id: 'u1', name: 'Asha' } as User);
    await claimUserData('u1');
  }
  for (const name of NAMES) {
    const after = specs[name]!.reload();
    await land(calls.at(-1)!, false);
    await after;
  }
  const waiting = await queued();
  for (const name of NAMES) {
    const expected = new Map(server[name]);
    for (const [k, v] of waiting[name] ?? []) {
      if (v === 0) expected.delete(k);
      else expected.set(k, { v, s: server[name]!.get(k)?.s ?? Number.NaN });
    }
    const device = await viewOf(name);
    expect([...device.keys()].sort(), name).toEqual([...expected.keys()].sort());
    for (const [k, f] of expected) expect(Number.isNaN(f.s) ? { ...device.get(k), s: f.s } : device.get(k), `${name}/${k}`).toEqual(f);
  }
}

describe('the one rule against stale reloads', () => {
  it('never undoes a write, and ends with the server state plus what is queued, for every collection', async () => {
    registerCartSync();
    registerWishlistSync();
    registerNotifyMeSync();
    await fc.assert(
      fc.asyncProperty(opsArb, (ops) => run(ops)),
      { numRuns: Number(process.env.MODEL_RUNS ?? 60), endOnFailure: process.env.MODEL_SHRINK === '0' },
    );
  }, 300_000);
});

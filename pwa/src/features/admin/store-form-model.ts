import { CreateStoreBody, type CreateStoreRequest, type Store } from '@haat/shared/stores/store.schema';

/** The store form as typed (docs/product.md#delivery): the pincodes served as one line, minutes as text, the counter's hours as HH:MM. */
export interface StoreFields {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  servesPincodes: string;
  promiseMinutes: string;
  /** When the counter opens and closes each day, HH:MM on a 24-hour clock (a pickup order's card shows them). */
  opensAt: string;
  closesAt: string;
}
export type StoreField = keyof StoreFields;
export const STORE_FIELDS: StoreField[] = ['name', 'address', 'city', 'state', 'pincode', 'servesPincodes', 'promiseMinutes', 'opensAt', 'closesAt'];

/** A new store's form: the promise the demo's stores keep, 10 minutes, and the hours the API gives a store by default. */
export const emptyStoreFields = (): StoreFields => ({
  name: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  servesPincodes: '',
  promiseMinutes: '10',
  opensAt: '09:00',
  closesAt: '21:00',
});

export const storeFieldsOf = (s: Store): StoreFields => ({
  name: s.name,
  address: s.address,
  city: s.city,
  state: s.state,
  pincode: s.pincode,
  servesPincodes: s.servesPincodes.join(', '),
  promiseMinutes: String(s.promiseMinutes),
  opensAt: s.opensAt,
  closesAt: s.closesAt,
});

/** The pincodes served as typed: split on commas and spaces ("560034, 560095 560047"). */
export const pincodeList = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The body the API takes, checked with its own schema (shared/src/stores/store.schema.ts), or each field's first problem. */
export function storeRequest(fields: StoreFields): { ok: true; body: CreateStoreRequest } | { ok: false; problems: Partial<Record<StoreField, string>> } {
  const parsed = CreateStoreBody.safeParse({
    ...fields,
    servesPincodes: pincodeList(fields.servesPincodes),
    promiseMinutes: fields.promiseMinutes.trim(),
    opensAt: fields.opensAt.trim(),
    closesAt: fields.closesAt.trim(),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Partial<Record<StoreField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as StoreField | undefined;
    if (field && !problems[field]) problems[field] = fields[field].trim() === '' ? 'is required' : issue.message;
  }
  return { ok: false, problems };
}

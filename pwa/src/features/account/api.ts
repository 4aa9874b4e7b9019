import type { Address } from '@haat/shared/addresses/address.types';
import type { AddressFields, DisableAddressBody, UpdateAddressBody } from '@haat/shared/addresses/address.schema';
import type { Envelope } from '@haat/shared/common/envelope';
import type { UpdateUserBody } from '@haat/shared/users/account.schema';
import type { User } from '@haat/shared/users/user.types';
import { http } from '../../lib/http/http';

/** docs/product.md#api, User calls of a signed-in shopper. */
export const accountApi = {
  /** Best effort: the device forgets the session whatever the server says. */
  logout: () => http.get('user/logout', { retry: 0, timeout: 5000, context: { silent: true } }).json<Envelope<null>>(),
  userDetails: () => http.get('user/user-details', { context: { silent: true } }).json<Envelope<User>>(),
  updateUser: (fields: UpdateUserBody) => http.put('user/update-user', { json: fields, context: { silent: true } }).json<Envelope<User>>(),
  /** The link mailed to a new e-mail address finishes the change (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md). */
  confirmEmail: (token: string) => http.put('user/confirm-email', { json: { token } }).json<Envelope<{ email: string }>>(),
  /** Mails the owner a link that verifies the account's e-mail (docs/product.md#rules-and-limits). */
  sendVerifyLink: () => http.post('user/verify-email').json<Envelope<null>>(),
};

/** docs/product.md#api, Address calls. Address changes need the network: a new address is checked by the server. */
export const addressApi = {
  list: () => http.get('address/get', { context: { silent: true } }).json<Envelope<Address[]>>(),
  // The address form shows a refusal under its field (lib/ui/form-refusal.tsx): no toast.
  create: (fields: AddressFields) => http.post('address/create', { json: fields, context: { silent: true } }).json<Envelope<Address>>(),
  update: (fields: UpdateAddressBody) => http.put('address/update', { json: fields, context: { silent: true } }).json<Envelope<Address>>(),
  disable: (_id: string) => http.delete('address/disable', { json: { _id } satisfies DisableAddressBody }).json<Envelope<unknown>>(),
};

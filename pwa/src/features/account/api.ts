import type { Address } from '@haat/shared/addresses/address.types';
import type { AddressFields, DisableAddressBody, UpdateAddressBody } from '@haat/shared/addresses/address.schema';
import type { Envelope } from '@haat/shared/common/envelope';
import type { UpdateUserBody } from '@haat/shared/users/account.schema';
import type { User } from '@haat/shared/users/user.types';
import { mutationOptions } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { http } from '../../lib/http/http';
import { userAtom } from '../../lib/http/session';
import { toast } from '../../lib/ui/toast';

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
  uploadAvatar: (body: FormData) => http.put('user/upload-avatar', { body, timeout: 60_000 }).json<Envelope<Pick<User, 'avatar'>>>(),
  /** Texts the code that proves a mobile-only account's owner (docs/decisions/0280-sign-in-by-mobile-number.md). */
  sendOwnerCode: () => http.post('user/owner-code').json<Envelope<null>>(),
  /** Asks a code to the number to add or change; a password-proved account sends its password along. */
  sendMobileCode: (body: { mobile: string | null; currentPassword?: string }) => http.post('user/mobile', { json: body }).json<Envelope<null>>(),
  verifyMobile: (body: { mobile: string | null; otp: string }) => http.post('user/mobile/verify', { json: body }).json<Envelope<User>>(),
  whatsappUpdates: (on: boolean) => http.put('user/whatsapp', { json: { on } }).json<Envelope<User>>(),
};

/** docs/product.md#api, Address calls. Address changes need the network: a new address is checked by the server. */
export const addressApi = {
  list: () => http.get('address/get', { context: { silent: true } }).json<Envelope<Address[]>>(),
  // The address form shows a refusal under its field (lib/ui/form-refusal.tsx): no toast.
  create: (fields: AddressFields) => http.post('address/create', { json: fields, context: { silent: true } }).json<Envelope<Address>>(),
  update: (fields: UpdateAddressBody) => http.put('address/update', { json: fields, context: { silent: true } }).json<Envelope<Address>>(),
  disable: (_id: string) => http.delete('address/disable', { json: { _id } satisfies DisableAddressBody }).json<Envelope<unknown>>(),
};

// The account's online writes (lib/query/server-write.ts): each one's request and what follows it. Failures of the calls
// that are not silent are told by the HTTP client; a screen that says a refusal itself reads the mutation's error.

export const uploadAvatarWrite = () => mutationOptions({ mutationFn: accountApi.uploadAvatar, onSuccess: (answer) => toast.success(answer.message) });
export const ownerCodeWrite = () => mutationOptions({ mutationFn: accountApi.sendOwnerCode });
export const mobileCodeWrite = () => mutationOptions({ mutationFn: accountApi.sendMobileCode });
export const verifyMobileWrite = () => mutationOptions({ mutationFn: accountApi.verifyMobile });
export const whatsappUpdatesWrite = () => mutationOptions({ mutationFn: accountApi.whatsappUpdates });

/** After a save or a confirmed link: the account as the server has it (a new e-mail waits for its link), and its words. */
async function showSaved(message: string): Promise<User | undefined> {
  const fresh = await accountApi.userDetails();
  if (fresh.data) getDefaultStore().set(userAtom, fresh.data);
  toast.success(message);
  return fresh.data;
}

/** My Profile's save; a refusal is said under the field it names (the call is silent). Pending until the account is read back. */
export const updateUserWrite = () =>
  mutationOptions({ mutationFn: async (fields: UpdateUserBody) => showSaved((await accountApi.updateUser(fields)).message) });
/** The mailed link's one write (a failure's message is on screen: the call is not silent). */
export const confirmEmailWrite = () => mutationOptions({ mutationFn: async (token: string) => showSaved((await accountApi.confirmEmail(token)).message) });
export const verifyLinkWrite = () => mutationOptions({ mutationFn: accountApi.sendVerifyLink, onSuccess: (answer) => toast.success(answer.message) });

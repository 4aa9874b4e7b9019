import type { User } from '@haat/shared/users/user.types';
import type { UserRow } from '../users/index.js';

/** User as docs/product.md#records shows it: never the password hash, tokens or provider ids. */
export type PublicUser = User;

export function toPublicUser(row: UserRow, lists: Partial<Pick<PublicUser, 'address_details' | 'shopping_cart' | 'orderHistory'>> = {}): PublicUser {
  return {
    _id: row.id,
    name: row.name,
    username: row.name,
    email: row.email,
    avatar: row.avatar,
    mobile: row.mobile,
    mobile_verified: row.mobileVerified,
    whatsapp_updates: row.whatsappUpdates,
    verify_email: row.verifyEmail,
    owner_proof: row.passwordHash ? 'password' : row.googleSub ? 'google' : 'mobile_code',
    last_login_date: row.lastLoginDate?.toISOString() ?? null,
    status: row.status,
    role: row.role,
    address_details: lists.address_details ?? [],
    shopping_cart: lists.shopping_cart ?? [],
    orderHistory: lists.orderHistory ?? [],
    createdAt: row.createdAt.toISOString(),
    language: row.language,
  };
}

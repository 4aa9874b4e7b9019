import { z } from 'zod';
import { Id } from '../common/fields.js';

/** Only Active accounts sign in; any other status ends the account's sessions at once. */
export const USER_STATUSES = ['Active', 'Inactive', 'Suspended'] as const;

/** An administrator sets an account's status. */
export const UserStatusBody = z.object({
  _id: Id,
  status: z.enum(USER_STATUSES, { error: `must be one of ${USER_STATUSES.join(', ')}` }),
});
export type UserStatusBody = z.infer<typeof UserStatusBody>;

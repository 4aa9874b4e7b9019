import { z } from 'zod';

const Base64Url = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: 'is too long' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'must be base64url' });

const Endpoint = z
  .string({ error: 'must be a URL' })
  .trim()
  .max(2048, { error: 'is too long' })
  .pipe(z.url({ protocol: /^https$/, error: 'must be an https URL' }));

/** The browser's PushSubscription.toJSON(): endpoint, expirationTime, keys { p256dh, auth }. */
export const PushSubscribeBody = z.object({
  endpoint: Endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: Base64Url(200), auth: Base64Url(100) }, { error: 'must hold p256dh and auth' }),
});
export type PushSubscribeBody = z.infer<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = z.object({ endpoint: Endpoint });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

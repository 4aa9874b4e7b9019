import { z } from 'zod';
import { Email, RequiredText, Text } from '../common/fields.js';

export const CONTACT_TOPICS = ['An order', 'Delivery', 'Returns and refunds', 'Payments', 'Something else'] as const;

/** POST /api/contact: a message for the support desk from anyone, signed in or not. */
export const ContactBody = z.object({
  name: RequiredText(100),
  email: Email,
  phone: Text(20)
    .regex(/^(\+?[0-9][0-9 ()-]{3,18})?$/, { error: 'must be a phone number' })
    .optional()
    .default(''),
  topic: z.enum(CONTACT_TOPICS, { error: `must be one of: ${CONTACT_TOPICS.join(', ')}` }).default('Something else'),
  message: RequiredText(2000).min(10, { error: 'must be at least 10 characters' }),
});
export type ContactBody = z.infer<typeof ContactBody>;

export const CONTACT_SENT = 'Thank you! Your message has reached our support team. We reply within 24 hours.';

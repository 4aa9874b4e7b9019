import { z } from 'zod';

const Count = (max: number) =>
  z
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(max, { error: `must be at most ${max}` });

/** `PUT /api/admin/sms-budget`: the shop's budget of texts an hour and a day (docs/decisions/0280-sign-in-by-mobile-number.md). */
export const SmsBudgetBody = z
  .strictObject({ perHour: Count(100_000), perDay: Count(1_000_000) })
  .refine((b) => b.perDay >= b.perHour, { error: 'must be at least the budget of an hour', path: ['perDay'] });
export type SmsBudgetBody = z.infer<typeof SmsBudgetBody>;

/** One window of the budget: what it sent, what strangers drew of its open share, and when it frees. */
export interface SmsBudgetWindow {
  sent: number;
  strangers: number;
  strangersLimit: number;
  resetsInSeconds: number;
}

/** `GET /api/admin/sms-budget`: the budget, its use, and the last time strangers pressed its open share. */
export interface SmsBudgetView {
  perHour: number;
  perDay: number;
  hour: SmsBudgetWindow;
  day: SmsBudgetWindow;
  strangersPressed: { at: string; what: string } | null;
}

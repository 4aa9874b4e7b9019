import { z } from 'zod';

/**
 * A password someone chooses (register, reset, change), after ASVS 5.0 §6.2: at least 8
 * characters, up to 128 allowed (at least 64 must be), any characters, no composition rules. The
 * server also refuses passwords on a list of the most commonly used ones (too big for the app's
 * bundle: the app shows the server's message). Signing in takes any password: old ones still work.
 */
export const NewPassword = z
  .string({ error: 'must be text' })
  .min(1, { error: 'is required' })
  .min(8, { error: 'must be at least 8 characters' })
  .max(128, { error: 'must be at most 128 characters' });

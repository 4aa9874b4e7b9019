import { z } from 'zod';

/**
 * A password someone chooses (register, reset, change), after ASVS 5.0 §6.2: at least 8
 * characters, up to 128 allowed (at least 64 must be), any characters, no composition rules. The
 * server also refuses commonly used and easily guessed ones, and ones built from the person's e-mail or
 * name (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md; its dictionaries are too big for the app's bundle: the app
 * shows the server's message). Signing in takes any password: old ones still work.
 */
export const NewPassword = z
  .string({ error: 'must be text' })
  .min(1, { error: 'is required' })
  .min(8, { error: 'must be at least 8 characters' })
  .max(128, { error: 'must be at most 128 characters' });

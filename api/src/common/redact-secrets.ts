/**
 * A last guard on text bound for the log: password hashes, signed tokens and e-mail addresses are
 * replaced. The first line of defence is logging facts, not values (see databaseFault); this only
 * catches what an unexpected error's message may still carry.
 */
const PATTERNS: Array<[RegExp, string]> = [
  [/\$argon2[a-z]*\$[^\s'",)]*/gi, '[hash]'],
  [/\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/g, '[hash]'],
  [/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, '[token]'],
  [/[^\s@'",;:<>()[\]]+@[^\s@'",;:<>()[\]]+\.[a-z]{2,}/gi, '[email]'],
];

export function redactSecrets(text: string): string {
  return PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

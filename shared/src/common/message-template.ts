/**
 * A message template ("must be at most {{n}} characters") as a pattern that matches the messages made
 * from it and reads its values back out. The API finds the template an English answer was made from to
 * render it in the shopper's language (api/src/i18n/localize-message.ts); the PWA does the same for the
 * shared schemas' messages (pwa/src/i18n/validation.ts). Each side says what a value may look like.
 */
export interface MessageTemplate {
  /** Matches a whole message made from the template; one group per value, in order. */
  pattern: RegExp;
  /** The values' names (`{{name}}`), in the pattern's group order. */
  names: string[];
}

/** Any character a regular expression reads as syntax. */
const SYNTAX = /[.*+?^${}()|[\]\\]/g;

/**
 * `text`'s pattern: its words as written (regex syntax escaped), each `{{name}}` as the group
 * `valueSource(name)` gives (e.g. `(\d+)` for a count, `(.+?)` for anything). Matches across line breaks.
 */
export function messageTemplate(text: string, valueSource: (name: string) => string): MessageTemplate {
  const names: string[] = [];
  const source = text
    .split(/(\{\{\w+\}\})/)
    .map((piece) => {
      const value = /^\{\{(\w+)\}\}$/.exec(piece);
      if (!value) return piece.replace(SYNTAX, '\\$&');
      names.push(value[1]!);
      return valueSource(value[1]!);
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names };
}

/** The values `message` gives the template's names, or null when the template does not match all of it. */
export function readTemplate(template: MessageTemplate, message: string): Record<string, string> | null {
  const match = template.pattern.exec(message);
  if (!match) return null;
  return Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]!]));
}

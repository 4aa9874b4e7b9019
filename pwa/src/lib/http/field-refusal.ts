import { problemOf } from './http-problem';

/** A refused save as a form shows it: under `field` when the refusal names one of the form's fields, else in the form. */
export interface FieldRefusal<F extends string> {
  field: F | null;
  /** The API's path of that field ("variants.0.price"): a form whose fields are named as the API's sets its error there. */
  path: string | null;
  /** The server's message in the screen's language, without the field path it starts with. */
  message: string;
  /** 0: no answer (offline, too slow); -1: a bug of ours; else the HTTP status. */
  status: number;
}

/** `servesPincodes.2: …`, `variants.0.price: …`: a field path has no spaces. */
const PATH_PREFIX = /^[\w.[\]-]+: /;

/**
 * The refusal of a save (docs/product.md#api, "What the product does with answers"): the error answer's `fields` (the
 * API's field paths, e.g. "servesPincodes.2") mapped to a field of the form by the path's first part, or through
 * `aliases` (a path the form shows elsewhere: "variantId" → "option"); the message is the part that names that
 * field, its path taken off: a screen never shows a path.
 */
export function fieldRefusal<F extends string>(error: unknown, fields: readonly F[], aliases: Partial<Record<string, F>> = {}): FieldRefusal<F> {
  const problem = problemOf(error);
  const paths = Array.isArray(problem.body?.fields) ? (problem.body.fields as unknown[]).filter((p): p is string => typeof p === 'string') : [];
  const parts = problem.message.split('; ');
  for (const path of paths) {
    const head = path.split('.')[0]!;
    const field = aliases[path] ?? aliases[head] ?? (fields.includes(head as F) ? (head as F) : undefined);
    if (!field) continue;
    const part = parts.find((p) => p.startsWith(`${path}: `)) ?? parts[0]!;
    return { field, path, message: withoutPath(part), status: problem.status };
  }
  return { field: null, path: null, message: parts.map(withoutPath).join('; '), status: problem.status };
}

const withoutPath = (part: string) => {
  const rest = part.replace(PATH_PREFIX, '');
  return rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
};

import { monotonicFactory } from 'ulid';

const next = monotonicFactory();

/** ULIDs: sortable, 26 characters, no hyphens (routes take the text after the last hyphen). */
export function newId(): string {
  return next();
}

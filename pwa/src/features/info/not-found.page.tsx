import { NotFound } from '../../lib/ui/not-found';

/** The last route of the table: any path no other route claims. */
export function NotFoundPage() {
  return <NotFound />;
}

import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { Occasion } from '@haat/shared/search/occasions';
import type { PutOccasionBody } from '@haat/shared/search/occasion.schema';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** The admin's occasion routes of search (docs/product.md#search), beside the synonyms'; reads skip every cache. */
export const occasionsApi = {
  list: async (signal?: AbortSignal) => (await http.get('search/occasions', { cache: 'no-store', signal }).json<Envelope<Occasion[]>>()).data ?? [],
  put: (body: PutOccasionBody) => http.put('search/occasions', { json: body, context: { silent: true } }).json<Envelope<Occasion>>(),
  /** Puts the kept list's gifts back (404 when the shop had none of its own). */
  reset: (name: string) => http.delete('search/occasions', { json: { name } }).json<Envelope<null>>(),
};

export const occasionsQuery = () => queryOptions({ queryKey: adminKeys.occasions(), queryFn: ({ signal }) => occasionsApi.list(signal) });

import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { DeleteSynonymBody, PutSynonymBody, Synonym } from '@haat/shared/search/synonym.schema';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';

/** The admin's synonym routes of search (docs/decisions/0260-the-shoppers-own-words.md); reads skip every cache. */
export const synonymsApi = {
  list: async (signal?: AbortSignal) => (await http.get('search/synonyms', { cache: 'no-store', signal }).json<Envelope<Synonym[]>>()).data ?? [],
  /** Adds a word, or changes what a word spelt like it means (the server keys words by their spelling). */
  put: (body: PutSynonymBody) => http.put('search/synonyms', { json: body, context: { silent: true } }).json<Envelope<Synonym>>(),
  remove: (word: string) => http.delete('search/synonyms', { json: { word } satisfies DeleteSynonymBody }).json<Envelope<null>>(),
};

export const synonymsQuery = () => queryOptions({ queryKey: adminKeys.synonyms(), queryFn: ({ signal }) => synonymsApi.list(signal) });

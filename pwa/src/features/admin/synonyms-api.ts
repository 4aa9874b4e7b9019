import type { Envelope } from '@haat/shared/common/envelope';
import type { DeleteSynonymBody, PutSynonymBody, Synonym } from '@haat/shared/search/synonym.schema';
import { http } from '../../lib/http/http';

/**
 * The admin's synonym routes of search (docs/decisions/0260-the-shoppers-own-words.md). Reads skip every cache
 * (`no-store`): an admin edits what the server holds. Refusals show the server's message through the one client.
 */
export const synonymsApi = {
  list: async () => (await http.get('search/synonyms', { cache: 'no-store' }).json<Envelope<Synonym[]>>()).data ?? [],
  /** Adds a word, or changes what a word spelt like it means (the server keys words by their spelling). */
  put: (body: PutSynonymBody) => http.put('search/synonyms', { json: body }).json<Envelope<Synonym>>(),
  remove: (word: string) => http.delete('search/synonyms', { json: { word } satisfies DeleteSynonymBody }).json<Envelope<null>>(),
};

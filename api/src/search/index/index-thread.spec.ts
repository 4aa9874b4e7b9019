import { IndexThread } from './index-thread.js';
import type { ProductRow } from './search-worker.js';

const row = (id: string): ProductRow => ({ id, updatedAt: 1, vector: "'kettl':1A", nameTrigrams: '', shelf: '[]', facts: '' });
const query = { tokens: ['kettle'], stems: ['kettl'], text: 'kettle', limit: 10, offset: 0 };

/** The index's thread holds one index at a time: a fresh build drops the one that answered (search-worker.ts `begin`). */
describe('the search index thread', () => {
  it('answers from its index, and from none once a fresh build begins, until that build is published', async () => {
    const thread = new IndexThread(() => undefined);
    try {
      await thread.send({ op: 'begin', words: [], products: 1 });
      await thread.send({ op: 'put', products: [row('01JD0000000000000000000001')] });
      await thread.state({ op: 'publish' });
      expect(await thread.search({ op: 'search', query, checks: [] })).toEqual({ page: { ids: ['01JD0000000000000000000001'], total: 1 }, matched: [] });
      await thread.send({ op: 'begin', words: [], products: 1 });
      expect(await thread.search({ op: 'search', query, checks: [] })).toBe('sql');
      await thread.send({ op: 'put', products: [row('01JD0000000000000000000002')] });
      await thread.state({ op: 'publish' });
      expect(await thread.search({ op: 'search', query, checks: [] })).toEqual({ page: { ids: ['01JD0000000000000000000002'], total: 1 }, matched: [] });
    } finally {
      await thread.stop();
    }
  });
});

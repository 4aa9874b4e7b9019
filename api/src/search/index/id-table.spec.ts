import { IdTable } from './id-table.js';

/** The index's ids off the heap (id-table.ts): every id found at its latest number, through the table's growth. */
describe('the search index id table', () => {
  it('finds every id at the number it was last added as, and names each number', () => {
    const table = new IdTable();
    const ids = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `é-${i}` : `01JD${String(i).padStart(22, '0')}`));
    ids.push('', 'a', 'A');
    ids.forEach((id, doc) => expect(table.add(id)).toBe(doc));
    // Some put again: the later number wins.
    const again = ids.filter((_, i) => i % 10 === 0).map((id) => [id, table.add(id)] as const);
    for (const [doc, id] of ids.entries()) expect(table.id(doc)).toBe(id);
    const latest = new Map<string, number>(ids.map((id, doc) => [id, doc]));
    for (const [id, doc] of again) latest.set(id, doc);
    for (const [id, doc] of latest) expect(table.find(id)).toBe(doc);
    expect(table.find('01JD-not-held')).toBe(-1);
    expect(table.size).toBe(ids.length + again.length);
  });
});

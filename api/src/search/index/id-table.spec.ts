import { idOrderKeys } from './id-order.js';
import { IdTable } from './id-table.js';

/** The index's ids off the heap (id-table.ts): every id found at its latest number, through the table's growth. */
describe('the search index id table', () => {
  it('finds every id at the number it was last added as, and names each number', () => {
    const table = new IdTable();
    const ids = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `é-${i}` : `01JD${String(i).padStart(22, '0')}`));
    // Ids the keys cannot spell: longer than 28 characters (one sharing its first 28 with a plain id), with a NUL, past ASCII.
    ids.push('', 'a', 'A', 'x'.repeat(28), 'x'.repeat(29), 'x'.repeat(28) + 'y', 'a\u0000', '\u0000a', 'ab\u007f', 'नमस्ते');
    ids.forEach((id, doc) => expect(table.add(id)).toBe(doc));
    // Some put again: the later number wins.
    const again = ids.filter((_, i) => i % 10 === 0).map((id) => [id, table.add(id)] as const);
    for (const [doc, id] of ids.entries()) expect(table.id(doc)).toBe(id);
    const latest = new Map<string, number>(ids.map((id, doc) => [id, doc]));
    for (const [id, doc] of again) latest.set(id, doc);
    for (const [id, doc] of latest) expect(table.find(id)).toBe(doc);
    expect(table.find('01JD-not-held')).toBe(-1);
    expect(table.size).toBe(ids.length + again.length);
    for (const id of ['x'.repeat(27), 'x'.repeat(30), 'a\u0000\u0000', '\u0000', 'ab']) expect(table.find(id)).toBe(-1);
  });

  it('keeps a ULID as its order keys alone and gives it back whole', () => {
    const table = new IdTable();
    const ulid = '01M8GNSZFZ18P8Z057YWVNKCHQ';
    expect(table.add(ulid)).toBe(0);
    expect(Array.from(table.keys.buf.subarray(0, 4))).toEqual(idOrderKeys(ulid));
    expect(table.id(0)).toBe(ulid);
  });
});

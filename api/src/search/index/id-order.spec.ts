import { idAfter, idOrderKeys, type IdOrder } from './search-index.js';

/** Ties in rank go newest first, by id: the numeric keys must order ids exactly as their strings. */
describe('the search index orders ids as their strings', () => {
  const ids = [
    '01JD0000000000000000000000',
    '01JD0000000000000000000001',
    '01JD00000000ZZ000000000000',
    '01JD0000001000000000000000',
    '01JE0000000000000000000000',
    '7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
    '01JD000',
    '01JD00',
    '01JD0000000000',
    '01JD00000000000',
    'a',
    'A',
    '',
    'zz',
    'é-id',
    '01JD0000000000é',
    '01JDé',
    '0',
    '01JD0000000001',
    '01JD00000000000000000Z0000',
    '01JD00000000000000000Z0001',
    '01JD000000000000000000000Z',
    '01JD00000000000000000000',
    '01JD0000000000000000000000é',
  ];
  const order: IdOrder = { id: (doc) => ids[doc]!, keys: Float64Array.from(ids.flatMap(idOrderKeys)) };

  it('agrees with string comparison on every pair', () => {
    for (let a = 0; a < ids.length; a++) {
      for (let b = 0; b < ids.length; b++) {
        expect({ a: ids[a], b: ids[b], after: idAfter(order, a, b) }).toEqual({ a: ids[a], b: ids[b], after: ids[a]! > ids[b]! });
      }
    }
  });

  it('decides most pairs by the numbers alone', () => {
    expect(idOrderKeys('01JD0000000000000000000000')[0]).toBeGreaterThan(0);
    expect(idOrderKeys('01JDé')).toEqual([-1, -1, -1, -1]);
  });
});

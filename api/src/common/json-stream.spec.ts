import { text } from 'node:stream/consumers';
import { jsonPieces, jsonStream } from './json-stream.js';

const values: unknown[] = [
  null,
  0,
  'a "quoted" ₹ text\n',
  [],
  {},
  [1, undefined, () => 1, null, 'x'],
  { a: undefined, b: 1, c: () => 2, d: [{ e: 'f', g: undefined }], h: { i: { j: { k: [1, 2] } } } },
  { date: new Date(Date.UTC(2026, 0, 2)), nested: [[[[['deep']]]]], n: -1.5, t: true },
  { gstin: '29AAHCH4527K1Z7', b2b: Array.from({ length: 3000 }, (_, i) => ({ ctin: `C${i}`, inv: [{ inum: `HT/${i}`, val: i * 1.1, itms: [] }] })) },
];

describe('jsonPieces and jsonStream', () => {
  it.each(values.map((v, i) => [i, v]))('value %i: the pieces and the stream are JSON.stringify to the byte', async (_, value) => {
    for (const depth of [0, 1, 2, 3, 6]) expect([...jsonPieces(value, depth)].join('')).toBe(JSON.stringify(value) ?? 'null');
    expect(await text(jsonStream(value))).toBe(JSON.stringify(value));
  });

  it('writes a large value in several chunks', async () => {
    const chunks: string[] = [];
    for await (const chunk of jsonStream(values[values.length - 1])) chunks.push(String(chunk));
    expect(chunks.length).toBeGreaterThan(3);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(20 * 1024);
  });
});

import { ok } from './envelope.js';
import { jsonBytes, okJson } from './json-text.js';

describe('okJson', () => {
  it('writes the same JSON as the envelope ok() makes, serialized whole', () => {
    const data = [
      { _id: 'p1', name: 'Kaju "W240" \u2028 काजू', price: 10, hsn: null, image: ['/uploads/a.webp'] },
      { _id: 'p2', name: '₹ 99 🥜', price: 99 },
    ];
    const extra = { totalCount: 2, totalPage: 1, page: 1, limit: 20, correctedSearch: 'kaju', missing: undefined };
    const items = data.map((item) => jsonBytes(JSON.stringify(item)));
    expect(okJson(items, 'Product search result', extra).toString('utf8')).toBe(JSON.stringify(ok(data, 'Product search result', extra)));
    expect(okJson([], 'Product search result').toString('utf8')).toBe(JSON.stringify(ok([], 'Product search result')));
    expect(okJson(items[0]!, 'Product details').toString('utf8')).toBe(JSON.stringify(ok(data[0], 'Product details')));
    expect(okJson(null, '').toString('utf8')).toBe(JSON.stringify(ok(null)));
  });

  it("keeps a product's JSON in a buffer of its own, not a slice of a shared pool", () => {
    const bytes = jsonBytes('{"name":"काजू"}');
    expect(bytes.toString('utf8')).toBe('{"name":"काजू"}');
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});

import { ok } from './envelope.js';
import { okText } from './json-text.js';

describe('okText', () => {
  it('writes the same text as the envelope ok() makes, serialized whole', () => {
    const data = [{ _id: 'p1', name: 'Kaju "W240" \u2028 काजू', price: 10, hsn: null, image: ['/uploads/a.webp'] }];
    const extra = { totalCount: 1, totalPage: 1, page: 1, limit: 20, correctedSearch: 'kaju', missing: undefined };
    expect(okText(JSON.stringify(data), 'Product search result', extra)).toBe(JSON.stringify(ok(data, 'Product search result', extra)));
    expect(okText('null', '')).toBe(JSON.stringify(ok(null)));
  });
});

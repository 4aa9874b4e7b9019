import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../test-support/a-product';
import { rankOffline } from '../offline-search';

const watch = aProduct({
  _id: 'w',
  name: 'Sonata Digital Automatic Watch',
  category: [{ _id: 'c', name: 'Watches' }],
  subCategory: [{ _id: 's', name: 'Premium Watches' }],
});
const buds = aProduct({
  _id: 'b',
  name: 'boAt Airdopes Earbuds',
  category: [{ _id: 'e', name: 'Earbuds' }],
  subCategory: [{ _id: 't', name: 'True Wireless Earbuds' }],
});
const book = aProduct({ _id: 'k', name: 'Penguin Mystery Novel', category: [{ _id: 'x', name: 'Books' }], subCategory: [{ _id: 'f', name: 'Fiction' }] });
const all = [watch, buds, book];
const ids = (list: { _id: string }[]) => list.map((p) => p._id);

describe('offline search over saved products', () => {
  it('finds by whole words and prefixes, in name, category and subcategory', () => {
    expect(ids(rankOffline(all, 'watch'))).toEqual(['w']);
    expect(ids(rankOffline(all, 'earb'))).toEqual(['b']);
    expect(ids(rankOffline(all, 'fiction'))).toEqual(['k']);
  });

  it('forgives a typo', () => {
    expect(ids(rankOffline(all, 'wach'))).toEqual(['w']);
    expect(ids(rankOffline(all, 'earbdus'))).toEqual(['b']);
    expect(ids(rankOffline(all, 'mystrey novel'))).toEqual(['k']);
  });

  it('needs every word to match, and finds nothing for nonsense', () => {
    expect(ids(rankOffline(all, 'watch novel'))).toEqual([]);
    expect(ids(rankOffline(all, 'qzxv'))).toEqual([]);
  });

  it('ranks exact matches above typo matches', () => {
    const watchStrap = aProduct({ _id: 'ws', name: 'Leather Wach Strap', category: [], subCategory: [] });
    expect(ids(rankOffline([watchStrap, watch], 'wach'))).toEqual(['ws', 'w']);
  });

  it('an empty term answers everything saved', () => {
    expect(rankOffline(all, '  ')).toHaveLength(3);
  });
});

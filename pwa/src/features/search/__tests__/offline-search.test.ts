import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../test-support/a-product';
import { rankOffline, searchOffline } from '../offline-search';

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

describe('offline search reads the query as the server does', () => {
  const shirt = (id: string, price: number, discount: number, colour: string) =>
    aProduct({ _id: id, name: `Roadster Cotton T-shirt, ${colour}`, price, discount, category: [{ _id: 't', name: 'T-shirts' }], subCategory: [] });
  const tees = [shirt('cheap-red', 499, 0, 'Red'), shirt('discounted-black', 800, 40, 'Black'), shirt('dear-red', 1200, 10, 'Red')];

  it('keeps what sells within the price after discount', () => {
    expect(ids(searchOffline(tees, 't-shirt under 500'))).toEqual(expect.arrayContaining(['cheap-red', 'discounted-black']));
    expect(ids(searchOffline(tees, 't-shirt under 500'))).toHaveLength(2);
    expect(ids(searchOffline(tees, 'tshirt 500 se kam'))).toHaveLength(2);
  });

  it('narrows by colour in Hinglish and Devanagari', () => {
    expect(ids(searchOffline(tees, 'laal tshirt')).sort()).toEqual(['cheap-red', 'dear-red']);
    expect(ids(searchOffline(tees, 'लाल टी-शर्ट')).sort()).toEqual(['cheap-red', 'dear-red']);
  });

  it('keeps men from the women’s shelf, and puts the toys nearest a child’s age first', () => {
    const kurta = (id: string, shelf: string) => aProduct({ _id: id, name: 'Cotton Kurta', category: [], subCategory: [{ _id: shelf, name: shelf }] });
    expect(ids(searchOffline([kurta('ethnic', 'Ethnic Wear'), kurta('kids', 'Kids Corner'), kurta('women', "Women's Wear")], 'kurta for men'))).toEqual([
      'ethnic',
    ]);
    const toy = (id: string, age: string) => aProduct({ _id: id, name: 'Soft Toy', more_details: { 'Age group': age } });
    // 3-8 years fits a six-year-old; 6 months on runs to five and a half; 8-13 is two years off.
    expect(ids(searchOffline([toy('baby', '6+ months'), toy('small', '3-8 years'), toy('big', '8-13 years')], 'for 6 year old'))).toEqual([
      'small',
      'baby',
      'big',
    ]);
  });

  it('orders as the words ask and leaves out what they leave out, as the server does', () => {
    expect(ids(searchOffline(tees, 'cheapest tshirt'))[0]).toBe('discounted-black');
    expect(ids(searchOffline(tees, 'tshirt not red')).filter((id) => id.endsWith('red'))).toEqual([]);
  });

  it('finds nothing for a query of numbers alone', () => {
    expect(searchOffline(tees, '131')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { understandQuery, withoutPart, type QueryPart } from './query-understanding.js';

const read = (q: string) => {
  const u = understandQuery(q);
  // The parts without where they were said (and a part left out without its words as typed), for short expectations.
  const short = u.parts.map(({ from: _f, to: _t, ...p }) => {
    if (p.kind !== 'exclude') return p;
    const { typed: _typed, ...rest } = p;
    return rest;
  });
  return { words: u.words, parts: short as Array<Omit<QueryPart, 'from' | 'to'>>, unmatched: u.unmatched };
};
const price = (min: number | null, max: number | null) => ({ kind: 'price', min, max });

describe('understandQuery: a price limit', () => {
  it.each([
    ['t-shirt under 500', ['t-shirt'], 500],
    ['headphones under 1500', ['headphones'], 1500],
    ['tshirt 500 se kam', ['tshirt'], 500],
    ['books within 300', ['books'], 300],
    ['kurta under ₹1500', ['kurta'], 1500],
    ['saree below rs 2000', ['saree'], 2000],
    ['lunch box under rs. 400', ['lunch', 'box'], 400],
    ['jeans upto 1500', ['jeans'], 1500],
    ['neckband less than 1000', ['neckband'], 1000],
    ['smartwatch max 2k', ['smartwatch'], 2000],
    ['kurti 1000 ke andar', ['kurti'], 1000],
    ['headphones ₹2000 tak', ['headphones'], 2000],
    ['headphones rs.2000 tak', ['headphones'], 2000],
    ['saree 3k se kam', ['saree'], 3000],
    ['500 से कम टी शर्ट', ['t-shirt'], 500],
    ['1000 रुपये से कम घड़ी', ['watch'], 1000],
    ['घड़ी ५०० से कम', ['watch'], 500],
    ['watch 1500 rupees', ['watch'], 1500],
  ])('%s', (q, words, max) => {
    expect(read(q)).toEqual({ words, parts: [price(null, max)], unmatched: [] });
  });

  it('reads at least and between', () => {
    expect(read('earbuds above 5000').parts).toEqual([price(5000, null)]);
    expect(read('polo over 1000').parts).toEqual([price(1000, null)]);
    expect(read('earbuds 2000 se zyada').parts).toEqual([price(2000, null)]);
    expect(read('watch between 2000 and 5000').parts).toEqual([price(2000, 5000)]);
    expect(read('watch 2000 to 5000').parts).toEqual([price(2000, 5000)]);
    expect(read('watch 2000-5000').parts).toEqual([price(2000, 5000)]);
    expect(read('watch ₹5000 se ₹2000 tak').parts).toEqual([price(2000, 5000)]);
  });

  it('keeps the tighter of two limits', () => {
    expect(read('watch under 5000 below 3000 above 1000').parts).toEqual([price(1000, 3000)]);
  });
});

describe('understandQuery: who it is for, and a child’s age', () => {
  it.each([
    ['kurta for men', 'men'],
    ['mens kurta', 'men'],
    ['kurta for gents', 'men'],
    ['watch for him', 'men'],
    ['gift for my father who likes reading', 'men'],
    ['kurti for women', 'women'],
    ['ladies kurti', 'women'],
    ['top for her', 'women'],
    ['girls dress', 'girls'],
    ['ladkiyon ki dress', 'girls'],
    ['लड़कियों की ड्रेस', 'girls'],
    ['toys for boys', 'boys'],
    ['kids frock', 'kids'],
    ['बच्चों के खिलौने', 'kids'],
    ['baby toys', 'baby'],
    ['पुरुषों के लिए कुर्ता', 'men'],
  ])('%s', (q, audience) => {
    expect(read(q).parts).toEqual([{ kind: 'audience', audience }]);
  });

  it.each([
    ['for 6 year old', 6],
    ['for a 7 year old', 7],
    ['toys for 4 years old', 4],
    ['6-year-old', 6],
    ['3 saal ke bachche ke liye khilona', 3],
    ['5 साल के बच्चे के लिए', 5],
    ['for an 18 months old', 1.5],
  ])('%s', (q, years) => {
    expect(read(q).parts[0]).toEqual({ kind: 'age', years });
  });

  it('reads "for 6 year old" as an age alone, nothing to search for', () => {
    expect(read('for 6 year old')).toEqual({ words: [], parts: [{ kind: 'age', years: 6 }], unmatched: [] });
  });
});

describe('understandQuery: colour, material, pack size', () => {
  it.each([
    ['red tshirt', 'Red', ['red', 'tshirt']],
    ['laal tshirt', 'Red', ['red', 'tshirt']],
    ['लाल टी-शर्ट', 'Red', ['red', 't-shirt']],
    ['लाल टी शर्ट', 'Red', ['red', 't-shirt']],
    ['काली घड़ी', 'Black', ['black', 'watch']],
    ['safed shirt', 'White', ['white', 'shirt']],
  ])('%s', (q, colour, words) => {
    expect(read(q)).toEqual({ words, parts: [{ kind: 'colour', colour }], unmatched: [] });
  });

  it('reads a material in three ways', () => {
    expect(read('sooti kurta')).toEqual({ words: ['cotton', 'kurta'], parts: [{ kind: 'material', material: 'cotton' }], unmatched: [] });
    expect(read('सूती कुर्ता').parts).toEqual([{ kind: 'material', material: 'cotton' }]);
    expect(read('resham saree').words).toEqual(['silk', 'saree']);
  });

  it.each([
    ['rice 5 kg', ['rice'], 5000, 'g'],
    ['rice 5kg', ['rice'], 5000, 'g'],
    ['cashews 1kg', ['cashews'], 1000, 'g'],
    ['almonds 1000 g', ['almonds'], 1000, 'g'],
    ['raisins 500gm', ['raisins'], 500, 'g'],
    ['milk 1 litre', ['milk'], 1000, 'ml'],
    ['milk 1 liter', ['milk'], 1000, 'ml'],
    ['shampoo 200 ml', ['shampoo'], 200, 'ml'],
    ['face wash 100ml', ['face', 'wash'], 100, 'ml'],
    ['काजू 1 किलो', ['cashews'], 1000, 'g'],
    ['दूध 1 लीटर', ['दूध'], 1000, 'ml'],
    ['pencils pack of 10', ['pencils'], 10, 'pcs'],
    ['pens 20 pack', ['pens'], 20, 'pcs'],
  ])('%s', (q, words, amount, unit) => {
    expect(read(q)).toEqual({ words, parts: [{ kind: 'pack', amount, unit }], unmatched: [] });
  });

  it('never keeps a number as a word: one that says nothing is unmatched', () => {
    expect(read('milk 1 litre').words).not.toContain('1');
    expect(read('boat 131')).toEqual({ words: ['boat'], parts: [], unmatched: ['131'] });
  });
});

describe('understandQuery: Hindi, fillers, brands', () => {
  it('reads Devanagari catalogue words and brands, with or without the nukta', () => {
    expect(read('पानी की बोतल').words).toEqual(['water', 'bottle']);
    expect(read('टाइटन').words).toEqual(['titan']);
    expect(read('नॉइज़').words).toEqual(['noise']);
    expect(read('नॉइज').words).toEqual(['noise']);
    expect(read('नॉइज़ स्मार्टवॉच').words).toEqual(['noise', 'smartwatch']);
  });

  it('drops fillers, and turns a long question into its kind', () => {
    expect(read('earphones for running with good bass')).toEqual({ words: ['earphones', 'running', 'bass'], parts: [], unmatched: [] });
    expect(read('gift for my father who likes reading').words).toEqual(['books']);
    expect(read('paani ki botal wala').words).toEqual(['paani', 'botal']);
  });

  it('leaves a query without understood parts as typed', () => {
    expect(read('boat earbuds')).toEqual({ words: ['boat', 'earbuds'], parts: [], unmatched: [] });
    expect(read('max play kids frock').words).toEqual(['max', 'play', 'frock']);
  });

  it('says a second colour back rather than searching for it', () => {
    expect(read('red black tshirt')).toEqual({ words: ['red', 'black', 'tshirt'], parts: [{ kind: 'colour', colour: 'Red' }], unmatched: ['black'] });
  });
});

describe('withoutPart', () => {
  it('gives the query as typed without the part a shopper removed', () => {
    const q = 'black kurta for men under ₹1,500';
    const u = understandQuery(q);
    expect(u.parts.map((p) => p.kind)).toEqual(['colour', 'audience', 'price']);
    expect(withoutPart(q, u.parts[2]!)).toBe('black kurta for men');
    expect(withoutPart(q, u.parts[1]!)).toBe('black kurta for under ₹ 1500');
    expect(understandQuery(withoutPart(q, u.parts[0]!)).parts.map((p) => p.kind)).toEqual(['audience', 'price']);
  });
});

describe('understandQuery: order, what is left out, amounts in words, sizes, occasions, other languages', () => {
  it.each([
    ['cheapest earbuds', ['earbuds'], 'lowToHigh'],
    ['sabse sasta watch', ['watch'], 'lowToHigh'],
    ['shampoo price low to high', ['shampoo'], 'lowToHigh'],
    ['सबसे सस्ती घड़ी', ['watch'], 'lowToHigh'],
    ['most expensive saree', ['saree'], 'highToLow'],
    ['sabse mehnga lehenga', ['lehenga'], 'highToLow'],
    ['latest kurti', ['kurti'], 'newest'],
    ['नई किताबें', ['books'], 'newest'],
    ['best rated earbuds', ['earbuds'], 'rating'],
    ['sabse achhi rating wali ghadi', ['ghadi'], 'rating'],
  ])('%s is ordered, not searched for', (q, words, sort) => {
    expect(read(q)).toEqual({ words, parts: [{ kind: 'sort', sort }], unmatched: [] });
  });

  it.each([
    ['cookies not chocolate', ['cookies'], ['chocolate']],
    ['watch other than titan', ['watch'], ['titan']],
    ['smartwatch not round dial', ['smartwatch'], ['round', 'dial']],
    ['books not in hindi', ['books'], ['hindi']],
    ['headphones not black', ['headphones'], ['black']],
    ['non silk saree', ['saree'], ['silk']],
    ['non-cotton t-shirt', ['t-shirt'], ['cotton']],
    ['chips bina masala', ['chips'], ['masala']],
    ['masala ke bina chips', ['chips'], ['masala']],
    ['कुर्ता सिल्क के बिना', ['kurta'], ['silk']],
    ['titan ke alawa ghadi', ['ghadi'], ['titan']],
  ])('%s leaves out what it names', (q, words, left) => {
    expect(read(q)).toEqual({ words, parts: [{ kind: 'exclude', words: left }], unmatched: [] });
  });

  it('keeps what is left out as typed, for its chip', () => {
    expect(understandQuery('मसाला के बिना चिप्स').parts).toEqual([{ kind: 'exclude', words: ['masala'], typed: 'मसाला', from: 0, to: 3 }]);
  });

  it('keeps words of their own that begin with non-', () => {
    expect(read('non-stick tawa').parts).toEqual([]);
    expect(read('non stick tawa').parts).toEqual([]);
    expect(read('non-fiction').parts).toEqual([]);
  });

  it.each([
    ['half kg almonds', 500, 'g'],
    ['aadha kilo kaju', 500, 'g'],
    ['dedh kilo badam', 1500, 'g'],
    ['paav kilo kishmish', 250, 'g'],
    ['आधा किलो काजू', 500, 'g'],
    ['half litre bottle', 500, 'ml'],
    ['ek kilo namkeen', 1000, 'g'],
    ['set of 6 notebooks', 6, 'pcs'],
    ['2 litre bottle', 2000, 'ml'],
  ])('%s is an amount', (q, amount, unit) => {
    expect(read(q).parts).toEqual([{ kind: 'pack', amount, unit }]);
  });

  it('reads sizes said bare or after "size", and "do" or "one" only before a unit', () => {
    expect(read('xl t-shirt').parts).toEqual([{ kind: 'size', size: 'XL' }]);
    expect(read('polo t-shirt size m').parts).toEqual([{ kind: 'size', size: 'M' }]);
    expect(read('size 8').parts).toEqual([{ kind: 'size', size: '8' }]);
    expect(read('one piece dress').words).toEqual(['one', 'piece', 'dress']);
  });

  it('reads occasions, with whom they are for', () => {
    expect(read('diwali gift').parts).toEqual([{ kind: 'occasion', occasion: 'Diwali' }]);
    expect(read('rakhi gift for brother').parts).toEqual([
      { kind: 'occasion', occasion: 'Rakhi' },
      { kind: 'audience', audience: 'men' },
    ]);
    expect(read('gift for newborn baby').parts).toEqual([{ kind: 'occasion', occasion: 'New baby' }]);
    expect(read('return gifts for kids birthday party')).toEqual({
      words: ['party'],
      parts: [
        { kind: 'occasion', occasion: 'Return gifts' },
        { kind: 'audience', audience: 'kids' },
      ],
      unmatched: [],
    });
  });

  it('reads a relation after a searched word as a word of a title', () => {
    expect(read('the weavers daughter')).toEqual({ words: ['weavers', 'daughter'], parts: [], unmatched: [] });
    expect(read("the weaver's daughter").parts).toEqual([]);
    expect(read('kurti for daughter').parts).toEqual([{ kind: 'audience', audience: 'girls' }]);
    expect(read('beti ke liye kurti').parts).toEqual([{ kind: 'audience', audience: 'girls' }]);
  });

  it.each([
    ['ghadyal', 'watch'],
    ['கடிகாரம்', 'watch'],
    ['పుస్తకం', 'books'],
    ['বই', 'books'],
    ['சட்டை', 'shirt'],
    ['ಸೀರೆ', 'saree'],
    ['jeedipappu', 'cashews'],
  ])('%s is the catalogue word %s', (q, word) => {
    expect(read(q).words).toEqual([word]);
  });
});

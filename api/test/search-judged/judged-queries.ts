import { GENERALISING } from './judged-generalising.js';
import { UNDERSTANDING } from './judged-understanding.js';

/**
 * What shoppers type into the shop's search box, each with what a shopper expects to see on the first
 * page of the demo catalogue (src/seed/catalog-data.ts): the products of a shelf (`cat`, `sub`), whose
 * name says something (`name`), or both. `sold: false` is a thing the shop does not sell: the right
 * answer is no product at all (and the no-results screen), never something unrelated.
 * Written from what shoppers type (typos, brands, kinds of thing, Hindi in Devanagari and in Latin
 * letters, several words), not from how search works.
 */
export interface Judged {
  q: string;
  kind:
    | 'kind'
    | 'brand'
    | 'typo'
    | 'hindi'
    | 'hinglish'
    | 'words'
    | 'shelf'
    | 'unsold'
    | 'price'
    | 'audience'
    | 'colour-size'
    | 'brand-hindi'
    | 'long'
    | 'sort'
    | 'exclude'
    | 'quantity'
    | 'age'
    | 'gift'
    | 'languages'
    | 'honest'
    | 'exact';
  /** A relevant product's category (its first). */
  cat?: string;
  /** A relevant product's subcategory is one of these. */
  sub?: string[];
  /** A relevant product's name matches. */
  name?: RegExp;
  /** A relevant product's name or description matches (a book's publisher). */
  text?: RegExp;
  sold?: false;
  /** A relevant product sells at most / at least this (its selling price after discount, in rupees). */
  maxPrice?: number;
  minPrice?: number;
  /** A relevant product's name ends with this colour. */
  colour?: string;
  /** A relevant toy's age range is the nearest any relevant toy's is to a child of this age (years): one that fits when some does. */
  age?: number;
  /** The page is in this order, its first product the best of every relevant one (judged-generalising.ts). */
  sorted?: 'price-asc' | 'price-desc' | 'newest' | 'rating';
  /** No product on the page has a name that matches this. */
  not?: RegExp;
  /** A relevant product's pack is the nearest any relevant product's is to this (a ratio apart). */
  pack?: { amount: number; unit: 'g' | 'ml' | 'pcs' };
  /** A relevant product is sold in this option, when some relevant product is. */
  size?: string;
  /** The query is read as words alone: no part (chip) is understood. */
  noParts?: true;
  /** A brand the shop sells, asked for as a kind it does not sell it in: the answer says so with this brand, and shows its range. */
  lacking?: string;
}

const WATCHES = { cat: 'Watches' };
const BOOKS = { cat: 'Books' };
const TOYS = { cat: 'Toys' };

export const JUDGED: Judged[] = [
  ...UNDERSTANDING,
  ...GENERALISING,
  // Kinds of thing, as the shop names them
  { q: 'earbuds', kind: 'kind', name: /earbuds|buds/i },
  { q: 'headphones', kind: 'kind', name: /headphones/i },
  { q: 'neckband', kind: 'kind', name: /neckband/i },
  { q: 'smartwatch', kind: 'kind', name: /smartwatch/i },
  { q: 'smart watch', kind: 'kind', sub: ['Smart Watches'] },
  { q: 'watch', kind: 'kind', ...WATCHES },
  { q: 'watches', kind: 'kind', ...WATCHES },
  { q: 'analog watch', kind: 'kind', sub: ['Analog Watches'] },
  { q: 'chronograph', kind: 'kind', name: /chronograph/i },
  { q: 't-shirt', kind: 'kind', cat: 'T-shirts' },
  { q: 'tshirt', kind: 'kind', cat: 'T-shirts' },
  { q: 'polo', kind: 'kind', sub: ['Polo T-shirts'] },
  { q: 'kurta', kind: 'kind', name: /kurta/i },
  { q: 'kurti', kind: 'kind', name: /kurti/i },
  { q: 'saree', kind: 'kind', name: /saree/i },
  { q: 'jeans', kind: 'kind', name: /jeans/i },
  { q: 'chinos', kind: 'kind', name: /chinos/i },
  { q: 'lehenga', kind: 'kind', name: /lehenga/i },
  { q: 'chess', kind: 'kind', name: /chess/i },
  { q: 'ludo', kind: 'kind', name: /ludo/i },
  { q: 'robot', kind: 'kind', name: /robot/i },
  { q: 'soft toy', kind: 'kind', name: /soft toy/i },
  { q: 'toys', kind: 'kind', ...TOYS },
  { q: 'chips', kind: 'kind', name: /chips/i },
  { q: 'cookies', kind: 'kind', name: /cookies/i },
  { q: 'biscuits', kind: 'kind', name: /biscuits/i },
  { q: 'almonds', kind: 'kind', name: /almonds/i },
  { q: 'cashews', kind: 'kind', name: /cashews/i },
  { q: 'dal', kind: 'kind', name: /dal\b/i },
  { q: 'pressure cooker', kind: 'kind', name: /pressure cooker/i },
  { q: 'frying pan', kind: 'kind', name: /frying pan/i },
  { q: 'water bottle', kind: 'kind', name: /water bottle/i },
  { q: 'lunch box', kind: 'kind', name: /lunch box/i },
  { q: 'flask', kind: 'kind', name: /flask/i },
  { q: 'face wash', kind: 'kind', name: /face wash/i },
  { q: 'sunscreen', kind: 'kind', name: /sunscreen/i },
  { q: 'shampoo', kind: 'kind', name: /shampoo/i },
  { q: 'hair oil', kind: 'kind', name: /hair oil/i },
  { q: 'notebook', kind: 'kind', name: /notebook/i },
  { q: 'gel pen', kind: 'kind', name: /gel pens/i },
  { q: 'pencils', kind: 'kind', name: /pencils/i },
  { q: 'books', kind: 'kind', ...BOOKS },
  // Shelves
  { q: 'fiction', kind: 'shelf', sub: ['Fiction'] },
  { q: 'non-fiction', kind: 'shelf', sub: ['Non-fiction'] },
  { q: 'exam prep', kind: 'shelf', sub: ['Exam Prep'] },
  { q: 'namkeen', kind: 'shelf', sub: ['Chips & Namkeen'] },
  { q: 'dry fruits', kind: 'shelf', sub: ['Dry Fruits'] },
  { q: 'cookware', kind: 'shelf', sub: ['Cookware'] },
  { q: 'skin care', kind: 'shelf', sub: ['Skin Care'] },
  { q: 'stationery', kind: 'shelf', cat: 'Stationery' },
  { q: 'ethnic wear', kind: 'shelf', sub: ['Ethnic Wear'] },
  { q: 'board games', kind: 'shelf', sub: ['Board Games'] },
  // Brands
  { q: 'boat', kind: 'brand', name: /^boAt\b/ },
  { q: 'titan', kind: 'brand', name: /^Titan\b/ },
  { q: 'casio', kind: 'brand', name: /^Casio\b/ },
  { q: 'fastrack', kind: 'brand', name: /^Fastrack\b/ },
  { q: 'haldiram', kind: 'brand', name: /^Haldiram/ },
  { q: 'haldirams', kind: 'brand', name: /^Haldiram/ },
  { q: 'bikaji', kind: 'brand', name: /^Bikaji\b/ },
  { q: 'parle', kind: 'brand', name: /^Parle\b/ },
  { q: 'tupperware', kind: 'brand', name: /^Tupperware\b/ },
  { q: 'prestige', kind: 'brand', name: /^Prestige\b/ },
  { q: 'himalaya', kind: 'brand', name: /^Himalaya\b/ },
  { q: 'mamaearth', kind: 'brand', name: /^Mamaearth\b/ },
  { q: 'classmate', kind: 'brand', name: /^Classmate\b/ },
  { q: 'funskool', kind: 'brand', name: /^Funskool\b/ },
  { q: 'levis', kind: 'brand', name: /^Levi/ },
  { q: 'allen solly', kind: 'brand', name: /^Allen Solly\b/ },
  { q: 'fabindia', kind: 'brand', name: /^FabIndia\b/ },
  { q: 'penguin', kind: 'brand', text: /published by Penguin/, ...BOOKS },
  { q: 'arihant', kind: 'brand', ...BOOKS, sub: ['Exam Prep'] },
  // Several words: brand and kind, kind and attribute
  { q: 'haldiram bhujia', kind: 'words', name: /bhujia|^Haldiram/i },
  { q: 'boat earbuds', kind: 'words', name: /^boAt.*(earbuds|buds)/i },
  { q: 'noise smartwatch', kind: 'words', name: /^Noise.*smartwatch/i },
  { q: 'titan watch', kind: 'words', name: /^Titan.*watch/i },
  { q: 'milton bottle', kind: 'words', name: /^Milton.*bottle/i },
  { q: 'prestige pressure cooker', kind: 'words', name: /^Prestige.*pressure cooker/i },
  { q: 'silk saree', kind: 'words', name: /silk saree/i },
  { q: 'cotton kurta', kind: 'words', name: /cotton.*kurta/i },
  { q: 'moong dal', kind: 'words', name: /moong dal/i },
  { q: 'masala chips', kind: 'words', name: /masala.*chips/i },
  { q: 'chocolate cookies', kind: 'words', name: /chocolate cookies/i },
  { q: 'gaming earbuds', kind: 'words', sub: ['Gaming Earbuds'] },
  { q: 'steel watch', kind: 'words', name: /steel watch/i },
  { q: 'non stick tawa', kind: 'words', name: /non-stick tawa/i },
  { q: 'kids kurta', kind: 'words', name: /kids kurta/i },
  { q: 'himalaya shampoo', kind: 'words', name: /^Himalaya.*shampoo/i },
  { q: 'hindi books', kind: 'words', ...BOOKS, name: /hindi/i },
  // Typos
  { q: 'earbds', kind: 'typo', name: /earbuds/i },
  { q: 'smartwach', kind: 'typo', name: /smartwatch/i },
  { q: 'tshrt', kind: 'typo', cat: 'T-shirts' },
  { q: 'shampo', kind: 'typo', name: /shampoo/i },
  { q: 'sunscrean', kind: 'typo', name: /sunscreen/i },
  { q: 'noteboook', kind: 'typo', name: /notebook/i },
  { q: 'almods', kind: 'typo', name: /almonds/i },
  { q: 'headphnes', kind: 'typo', name: /headphones/i },
  { q: 'neckbnd', kind: 'typo', name: /neckband/i },
  { q: 'presure cooker', kind: 'typo', name: /pressure cooker/i },
  { q: 'chronograh', kind: 'typo', name: /chronograph/i },
  { q: 'tupperwear', kind: 'typo', name: /^Tupperware\b/ },
  { q: 'britania', kind: 'typo', name: /^Britannia\b/ },
  // Hindi words in Latin letters
  { q: 'ghadi', kind: 'hinglish', ...WATCHES },
  { q: 'ghari', kind: 'hinglish', ...WATCHES },
  { q: 'kitab', kind: 'hinglish', ...BOOKS },
  { q: 'kitaab', kind: 'hinglish', ...BOOKS },
  { q: 'kaju', kind: 'hinglish', name: /cashews/i },
  { q: 'badam', kind: 'hinglish', name: /almonds/i },
  { q: 'kishmish', kind: 'hinglish', name: /raisins/i },
  { q: 'tiffin', kind: 'hinglish', name: /lunch box/i },
  { q: 'tiffin box', kind: 'hinglish', name: /lunch box/i },
  { q: 'kadhai', kind: 'hinglish', name: /kadai/i },
  { q: 'khilona', kind: 'hinglish', ...TOYS },
  { q: 'biskut', kind: 'hinglish', name: /biscuits|cookies|rusk/i },
  { q: 'namkin', kind: 'hinglish', sub: ['Chips & Namkeen'] },
  { q: 'sari', kind: 'hinglish', name: /saree/i },
  // Devanagari
  { q: 'घड़ी', kind: 'hindi', ...WATCHES },
  { q: 'किताब', kind: 'hindi', ...BOOKS },
  { q: 'काजू', kind: 'hindi', name: /cashews/i },
  { q: 'बादाम', kind: 'hindi', name: /almonds/i },
  { q: 'दाल', kind: 'hindi', name: /dal\b/i },
  { q: 'कुर्ता', kind: 'hindi', name: /kurta/i },
  { q: 'साड़ी', kind: 'hindi', name: /saree/i },
  { q: 'बिस्कुट', kind: 'hindi', name: /biscuits|cookies|rusk/i },
  { q: 'नमकीन', kind: 'hindi', sub: ['Chips & Namkeen'] },
  { q: 'खिलौने', kind: 'hindi', ...TOYS },
  { q: 'शैम्पू', kind: 'hindi', name: /shampoo/i },
  { q: 'टी शर्ट', kind: 'hindi', cat: 'T-shirts' },
  { q: 'तवा', kind: 'hindi', name: /tawa/i },
  // Things the shop does not sell
  { q: 'atta', kind: 'unsold', sold: false },
  { q: 'आटा', kind: 'unsold', sold: false },
  { q: 'rice', kind: 'unsold', sold: false },
  { q: 'chawal', kind: 'unsold', sold: false },
  { q: 'sugar', kind: 'unsold', sold: false },
  { q: 'milk', kind: 'unsold', sold: false },
  { q: 'iphone', kind: 'unsold', sold: false },
  { q: 'laptop', kind: 'unsold', sold: false },
  { q: 'chappal', kind: 'unsold', sold: false },
  { q: 'refrigerator', kind: 'unsold', sold: false },
  { q: 'sofa', kind: 'unsold', sold: false },
  { q: 'lipstick', kind: 'unsold', sold: false },
  { q: 'paneer', kind: 'unsold', sold: false },
  { q: 'चाय', kind: 'unsold', sold: false },
];

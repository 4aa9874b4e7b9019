/**
 * Words that order an answer, leave something out, or say an amount or a size in words (docs/decisions/0310-query-understanding.md),
 * in English, Hinglish and Devanagari. A data file, as query-vocabulary.ts is: read into Maps once.
 */

/** How a search's page is ordered when the shopper says so ("cheapest", "sabse sasta", "नई"). */
export const SEARCH_ORDERS = ['lowToHigh', 'highToLow', 'newest', 'rating'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export const ORDER_WORDS: Record<SearchOrder, string[]> = {
  lowToHigh: [
    'cheapest',
    'cheap',
    'cheaper',
    'lowest price',
    'low price',
    'low to high',
    'price low to high',
    'least expensive',
    'sasta',
    'sasti',
    'saste',
    'sabse sasta',
    'sabse sasti',
    'sabse saste',
    'kam daam',
    'सस्ता',
    'सस्ती',
    'सस्ते',
    'सबसे सस्ता',
    'सबसे सस्ती',
    'सबसे सस्ते',
    'कम दाम',
  ],
  highToLow: [
    'costliest',
    'costly',
    'expensive',
    'most expensive',
    'highest price',
    'high to low',
    'price high to low',
    'mehnga',
    'mehngi',
    'mehnge',
    'mahanga',
    'sabse mehnga',
    'sabse mehngi',
    'sabse mehnge',
    'महंगा',
    'महंगी',
    'महंगे',
    'मेहंगा',
    'सबसे महंगा',
    'सबसे महंगी',
    'सबसे महंगे',
  ],
  newest: ['newest', 'latest', 'new', 'new arrival', 'new arrivals', 'just launched', 'naya', 'naye', 'nayi', 'nai', 'नया', 'नए', 'नई', 'नयी', 'नवीनतम'],
  rating: [
    'best rated',
    'top rated',
    'highest rated',
    'best reviewed',
    'best reviews',
    'top reviewed',
    'most liked',
    'achhi rating',
    'acchi rating',
    'sabse achhi rating',
    'sabse acchi rating',
    'अच्छी रेटिंग',
    'सबसे अच्छी रेटिंग',
  ],
};

/** Before what is left out: "without sugar", "not red", "other than boat", "bina masala", "बिना मसाला". */
export const EXCLUDE_BEFORE = ['without', 'not', 'except', 'excluding', 'other than', 'apart from', 'but not', 'no', 'w/o', 'bina', 'बिना', 'non'];
/** After what is left out, in Hindi word order: "masala ke bina", "titan ke alawa", "मसाला के बिना". */
export const EXCLUDE_AFTER = [
  'ke bina',
  'ke bagair',
  'ke alawa',
  'ke siwa',
  'ke siva',
  'chhodkar',
  'chhod ke',
  'के बिना',
  'के बगैर',
  'के अलावा',
  'के सिवा',
  'छोड़कर',
];
/** Before what is left out, a word at most (Hindi's "bina" leads one word; "without" everything after it). */
export const EXCLUDE_ONE_WORD = ['bina', 'बिना', 'non', 'no'];
/** Words that begin with "non-" and are words of their own, not "not …" ("non-stick", "non-fiction"). */
export const NON_WORDS = ['stick', 'fiction', 'woven', 'slip', 'toxic', 'iron', 'veg', 'vegetarian', 'alcoholic'];

/** Amounts said in words before a unit ("half kg", "dedh kilo", "paav kilo", "आधा किलो", "ek litre"). */
export const SPOKEN_AMOUNTS: Record<string, number> = {
  half: 0.5,
  quarter: 0.25,
  aadha: 0.5,
  adha: 0.5,
  aadhi: 0.5,
  aadhe: 0.5,
  आधा: 0.5,
  आधी: 0.5,
  paav: 0.25,
  pav: 0.25,
  pao: 0.25,
  paw: 0.25,
  पाव: 0.25,
  sava: 1.25,
  sawa: 1.25,
  सवा: 1.25,
  paune: 0.75,
  पौने: 0.75,
  dedh: 1.5,
  derh: 1.5,
  डेढ़: 1.5,
  dhai: 2.5,
  dhaai: 2.5,
  ढाई: 2.5,
  one: 1,
  two: 2,
  three: 3,
  five: 5,
  ten: 10,
  ek: 1,
  do: 2,
  teen: 3,
  paanch: 5,
  panch: 5,
  एक: 1,
  दो: 2,
  तीन: 3,
  पांच: 5,
};

/** Clothing sizes as a shopper types them, to an option's name; "s", "m" and "l" only after "size". */
export const SIZE_WORDS: Record<string, string> = {
  xs: 'XS',
  xl: 'XL',
  xxl: 'XXL',
  xxxl: 'XXXL',
  '2xl': 'XXL',
  '3xl': 'XXXL',
  small: 'S',
  medium: 'M',
  large: 'L',
  s: 'S',
  m: 'M',
  l: 'L',
};
/** Sizes said without "size" before them. */
export const BARE_SIZES = ['xs', 'xl', 'xxl', 'xxxl', '2xl', '3xl'];
export const SIZE_LEADS = ['size', 'sz', 'saiz', 'uk', 'साइज़', 'साइज'];

/**
 * Relations, which say whom a gift is for ("for my daughter", "beti ke liye") but are words of a title after another
 * word ("The Weaver's Daughter"): read as who it is for only after a word that is no searched word.
 */
export const RELATION_WORDS = [
  'father',
  'dad',
  'papa',
  'husband',
  'brother',
  'boyfriend',
  'mother',
  'mom',
  'mummy',
  'maa',
  'wife',
  'sister',
  'girlfriend',
  'son',
  'beta',
  'daughter',
  'beti',
  'पापा',
  'पति',
  'भाई',
  'माँ',
  'मम्मी',
  'पत्नी',
  'बहन',
  'बेटा',
  'बेटे',
  'बेटी',
];

/**
 * The words query understanding reads (docs/decisions/0310-query-understanding.md), in English, Hinglish (Hindi in
 * Latin letters, as shoppers spell it) and Devanagari. A data file: each table is turned into a Map once, when the
 * module loads, so reading a query looks words up and builds nothing (docs/architecture.md#search-past-one-machine).
 */

/** Who a product is for, as a shopper says it. */
export const AUDIENCES = ['men', 'women', 'boys', 'girls', 'kids', 'baby'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The colours a product's name can end with ("…, Red"), by the catalogue's own name. */
export const COLOURS = [
  'Red',
  'Blue',
  'Green',
  'Black',
  'Yellow',
  'Purple',
  'Teal',
  'Orange',
  'Pink',
  'Navy',
  'Maroon',
  'White',
  'Grey',
  'Brown',
  'Beige',
  'Gold',
  'Silver',
] as const;
export type Colour = (typeof COLOURS)[number];

/** Materials a shopper narrows by, each the catalogue's word for it (in names, descriptions and details). */
export const MATERIALS = ['cotton', 'silk', 'linen', 'leather', 'wooden', 'steel', 'plastic', 'glass', 'polyester', 'denim', 'wool'] as const;
export type Material = (typeof MATERIALS)[number];

export const AUDIENCE_WORDS: Record<Audience, string[]> = {
  men: [
    'men',
    'mens',
    'man',
    'gents',
    'gent',
    'male',
    'him',
    'his',
    'father',
    'dad',
    'papa',
    'husband',
    'brother',
    'boyfriend',
    'mard',
    'mardon',
    'mardo',
    'purush',
    'purushon',
    'पुरुष',
    'पुरुषों',
    'मर्द',
    'मर्दों',
    'मर्दाना',
    'पापा',
    'पति',
    'भाई',
  ],
  women: [
    'women',
    'womens',
    'woman',
    'ladies',
    'lady',
    'female',
    'her',
    'mother',
    'mom',
    'mummy',
    'maa',
    'wife',
    'sister',
    'girlfriend',
    'mahila',
    'mahilaon',
    'aurat',
    'auraton',
    'महिला',
    'महिलाओं',
    'औरत',
    'औरतों',
    'माँ',
    'मम्मी',
    'पत्नी',
    'बहन',
    'लेडीज़',
  ],
  boys: ['boys', 'boy', 'son', 'ladka', 'ladke', 'ladkon', 'beta', 'लड़का', 'लड़के', 'लड़कों', 'बेटा', 'बेटे'],
  girls: ['girls', 'girl', 'daughter', 'ladki', 'ladkiyan', 'ladkiyon', 'beti', 'लड़की', 'लड़कियों', 'लड़कियां', 'बेटी'],
  kids: [
    'kids',
    'kid',
    'children',
    'child',
    'childrens',
    'bacche',
    'bachche',
    'bache',
    'bacchon',
    'bachchon',
    'bachon',
    'baccha',
    'bachcha',
    'bachcho',
    'बच्चे',
    'बच्चों',
    'बच्चा',
    'बालक',
  ],
  baby: ['baby', 'babies', 'infant', 'infants', 'toddler', 'toddlers', 'newborn', 'शिशु', 'बेबी'],
};

/**
 * The words of a shelf's name that say whom it is for ("Men's Wear", "Kids Corner"), per audience; a product on
 * a shelf for other shoppers is not shown to this one, and when some of the matches sit on this shopper's own
 * shelves, only those are (docs/product.md#search).
 */
export const SHELF_AUDIENCE_WORDS: Record<'men' | 'women' | 'kids', string[]> = {
  men: ['men', 'mens', 'gents'],
  women: ['women', 'womens', 'ladies'],
  kids: ['kids', 'kid', 'baby', 'boys', 'girls', 'children', 'infant'],
};
/** Per audience: whose shelves are its own; every other audience's shelves are not for it. */
export const OWN_SHELVES: Record<Audience, Array<keyof typeof SHELF_AUDIENCE_WORDS>> = {
  men: ['men'],
  women: ['women'],
  boys: ['kids'],
  girls: ['kids', 'women'],
  kids: ['kids'],
  baby: ['kids'],
};

export const COLOUR_WORDS: Record<Colour, string[]> = {
  Red: ['red', 'laal', 'lal', 'लाल'],
  Blue: ['blue', 'neela', 'nila', 'neeli', 'nili', 'नीला', 'नीली', 'नीले'],
  Green: ['green', 'hara', 'hari', 'hare', 'हरा', 'हरी', 'हरे'],
  Black: ['black', 'kala', 'kaala', 'kali', 'kaali', 'kaale', 'काला', 'काली', 'काले'],
  Yellow: ['yellow', 'peela', 'pila', 'peeli', 'pili', 'पीला', 'पीली', 'पीले'],
  Purple: ['purple', 'baingani', 'jamuni', 'बैंगनी', 'जामुनी'],
  Teal: ['teal', 'firozi', 'फ़िरोज़ी', 'फिरोजी'],
  Orange: ['orange', 'narangi', 'narangee', 'kesariya', 'नारंगी', 'केसरिया'],
  Pink: ['pink', 'gulabi', 'गुलाबी'],
  Navy: ['navy', 'नेवी'],
  Maroon: ['maroon', 'mehroon', 'मैरून', 'मरून'],
  White: ['white', 'safed', 'safaid', 'sufed', 'सफ़ेद', 'सफेद'],
  Grey: ['grey', 'gray', 'slati', 'स्लेटी', 'ग्रे'],
  Brown: ['brown', 'bhura', 'bhoora', 'भूरा', 'भूरी'],
  Beige: ['beige'],
  Gold: ['gold', 'golden', 'sunehra', 'sunahra', 'सुनहरा', 'गोल्डन'],
  Silver: ['silver', 'chandi', 'चांदी', 'सिल्वर'],
};

export const MATERIAL_WORDS: Record<Material, string[]> = {
  cotton: ['cotton', 'sooti', 'suti', 'सूती', 'कॉटन'],
  silk: ['silk', 'resham', 'reshmi', 'रेशम', 'रेशमी', 'सिल्क'],
  linen: ['linen', 'लिनन'],
  leather: ['leather', 'chamda', 'chamde', 'चमड़ा', 'चमड़े', 'लेदर'],
  wooden: ['wooden', 'wood', 'lakdi', 'lakdi', 'लकड़ी', 'लकड़ी'],
  steel: ['steel', 'stainless', 'स्टील'],
  plastic: ['plastic', 'प्लास्टिक'],
  glass: ['glass', 'kaanch', 'kanch', 'कांच', 'काँच'],
  polyester: ['polyester'],
  denim: ['denim', 'डेनिम'],
  wool: ['wool', 'woollen', 'woolen', 'oon', 'ooni', 'ऊन', 'ऊनी'],
};

/** A pack's units, each with its base unit (grams, millilitres, pieces) and how many of it one holds. */
export const UNIT_WORDS: Record<string, { unit: 'g' | 'ml' | 'pcs'; times: number }> = {
  g: { unit: 'g', times: 1 },
  gm: { unit: 'g', times: 1 },
  gms: { unit: 'g', times: 1 },
  gram: { unit: 'g', times: 1 },
  grams: { unit: 'g', times: 1 },
  gramme: { unit: 'g', times: 1 },
  ग्राम: { unit: 'g', times: 1 },
  kg: { unit: 'g', times: 1000 },
  kgs: { unit: 'g', times: 1000 },
  kilo: { unit: 'g', times: 1000 },
  kilos: { unit: 'g', times: 1000 },
  kilogram: { unit: 'g', times: 1000 },
  kilograms: { unit: 'g', times: 1000 },
  किलो: { unit: 'g', times: 1000 },
  किग्रा: { unit: 'g', times: 1000 },
  ml: { unit: 'ml', times: 1 },
  mls: { unit: 'ml', times: 1 },
  मिली: { unit: 'ml', times: 1 },
  l: { unit: 'ml', times: 1000 },
  ltr: { unit: 'ml', times: 1000 },
  ltrs: { unit: 'ml', times: 1000 },
  litre: { unit: 'ml', times: 1000 },
  litres: { unit: 'ml', times: 1000 },
  liter: { unit: 'ml', times: 1000 },
  liters: { unit: 'ml', times: 1000 },
  लीटर: { unit: 'ml', times: 1000 },
  pcs: { unit: 'pcs', times: 1 },
  pieces: { unit: 'pcs', times: 1 },
  piece: { unit: 'pcs', times: 1 },
  pack: { unit: 'pcs', times: 1 },
};

/** Words of an age: "6 year old", "6 saal", "6 साल का", "18 months". */
export const AGE_WORDS: Record<string, number> = {
  year: 1,
  years: 1,
  yr: 1,
  yrs: 1,
  yo: 1,
  saal: 1,
  sal: 1,
  varsh: 1,
  साल: 1,
  वर्ष: 1,
  month: 1 / 12,
  months: 1 / 12,
  mahine: 1 / 12,
  महीने: 1 / 12,
};

/** Currency: before a number ("₹500", "rs 500") or after it ("500 rupees", "500 रुपये"). */
export const CURRENCY_WORDS = ['₹', 'rs', 'rs.', 'inr', 'rupees', 'rupee', 'rupaye', 'rupay', 'rupiya', 'रुपये', 'रुपए', 'रुपया', 'रु', 'रु.'];

/** Before a number: at most it. */
export const AT_MOST_BEFORE = [
  'under',
  'below',
  'within',
  'upto',
  'max',
  'maximum',
  'less than',
  'up to',
  'not more than',
  'budget',
  'lower than',
  'cheaper than',
];
/** After a number: at most it ("500 se kam", "1000 ke andar", "₹500 tak", "500 से कम"). */
export const AT_MOST_AFTER = [
  'se kam',
  'ke andar',
  'ke neeche',
  'se neeche',
  'tak',
  'or less',
  'and below',
  'and under',
  'or below',
  'से कम',
  'के अंदर',
  'के अन्दर',
  'के नीचे',
  'तक',
];
/** Before a number: at least it. */
export const AT_LEAST_BEFORE = ['above', 'over', 'more than', 'from', 'min', 'minimum', 'starting', 'atleast', 'at least', 'greater than'];
/** After a number: at least it. */
export const AT_LEAST_AFTER = ['se zyada', 'se jyada', 'se upar', 'and above', 'or more', 'plus', 'से ज़्यादा', 'से ज्यादा', 'से ऊपर', 'से अधिक'];
/** Between two numbers ("between 500 and 1000", "500 to 1000", "500 se 1000 tak"). */
export const BETWEEN_WORDS = ['between', 'from'];
export const RANGE_JOINS = ['and', 'to', '-', 'se', 'aur', 'और', 'से'];

/**
 * Words that carry no thing to search for: they never make a search fail, and are not reported as unmatched
 * ("with", "for", "good", "wala", "ki", "के लिए").
 */
export const FILLER_WORDS = [
  'a',
  'an',
  'the',
  'for',
  'with',
  'that',
  'this',
  'which',
  'who',
  'what',
  'is',
  'are',
  'of',
  'to',
  'on',
  'in',
  'at',
  'by',
  'and',
  'or',
  'my',
  'me',
  'i',
  'im',
  'want',
  'need',
  'looking',
  'show',
  'buy',
  'find',
  'please',
  'family',
  'some',
  'something',
  'good',
  'best',
  'nice',
  'cheap',
  'cheapest',
  'affordable',
  'budget',
  'new',
  'latest',
  'quality',
  'from',
  'between',
  'under',
  'below',
  'within',
  'upto',
  'above',
  'over',
  'than',
  'likes',
  'like',
  'loves',
  'old',
  'aged',
  'gift',
  'gifts',
  'present',
  'online',
  'price',
  'wala',
  'wali',
  'wale',
  'waala',
  'waali',
  'ki',
  'ka',
  'ke',
  'ko',
  'liye',
  'mein',
  'me',
  'acha',
  'achha',
  'accha',
  'acchi',
  'achhi',
  'sasta',
  'sasti',
  'saste',
  'badhiya',
  'tohfa',
  'chahiye',
  'के',
  'की',
  'का',
  'को',
  'लिए',
  'में',
  'वाला',
  'वाली',
  'वाले',
  'अच्छा',
  'अच्छी',
  'सबसे',
  'सस्ता',
  'सस्ती',
  'चाहिए',
  'तोहफा',
  'उपहार',
];

/**
 * Words of a long question that name a kind the catalogue calls otherwise ("who likes reading" → books); the
 * admin's synonym list (docs/decisions/0260-the-shoppers-own-words.md) holds the shop's own words besides.
 */
export const KIND_HINTS: Record<string, string> = {
  reading: 'books',
  reader: 'books',
  read: 'books',
  novel: 'fiction',
  novels: 'fiction',
  story: 'fiction',
  stories: 'fiction',
  'story book': 'fiction',
  'story books': 'fiction',
  earphone: 'earphones',
  padhna: 'books',
  पढ़ना: 'books',
  पढ़ने: 'books',
  उपन्यास: 'fiction',
  कहानी: 'fiction',
};

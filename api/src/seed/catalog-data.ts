import type { PictureKind } from './product-picture.js';

/**
 * The demo catalogue's shape: categories, their subcategories (one shared by two categories), and how to
 * name and price what they sell. A name is brand + line + attribute + product (+ colour or pack), each part
 * from the subcategory's own lists, so no word contradicts another ('Analog' smart watch, 'Hot Wheels' teddy).
 */
export interface SubSpec {
  name: string;
  /** The products it sells; each is a product line drawn as its own object (`picture`, or `byNoun`). */
  nouns: string[];
  picture: PictureKind;
  byNoun?: Record<string, PictureKind>;
  /** Brands that sell these products, cheapest first: a later brand prices higher in the range. */
  brands: string[];
  /** One attribute per name ('Bass Boosted', 'Masala'), never a word of a noun. */
  adjectives: string[];
  /** Attributes that fit one product only ('Cuddly' for a soft toy, not for building blocks); as many as `adjectives`. */
  adjectivesByNoun?: Record<string, string[]>;
  /**
   * A book subcategory: each noun is a title, by this author; the brand is its publisher and the adjective
   * its format. A book is named "Title by Author, Format" (and its language edition), not brand first.
   */
  authors?: Record<string, string>;
  /** The ages a toy is made for, from and to, per noun (a baby's stacking rings are not for 12-year-olds). */
  ages?: Record<string, string>;
  /** Product lines a brand sells the same thing in ('' for the plain one); default ['']. */
  lines?: string[];
  /**
   * What one pack holds ('200 g', 'Pack of 10') with its price against the smallest, added after the name;
   * default none. The unit stays the fixed product's default and is not shown (docs/product.md#rules-and-limits).
   */
  sizes?: Array<[label: string, factor: number]>;
  /** `sizes` per noun where products differ (a bottle's capacity, a cooker's), in place of the subcategory's. */
  sizesByNoun?: Record<string, Array<[label: string, factor: number]>>;
  /** The smallest pack's price range in rupees (MRP); `prices` per noun where products differ. */
  price: [number, number];
  prices?: Record<string, [number, number]>;
}

export interface CategorySpec {
  name: string;
  hue: number;
  /** Names say the colour the picture shows (clothes, watches, headphones); others leave it to the picture. */
  coloured: boolean;
  subs: SubSpec[];
  details: (r: () => number) => Record<string, string>;
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

export const SHARED_SUBS = { bluetooth: 'Bluetooth Audio', kids: 'Kids Corner' } as const;

/** A book in English, or translated (a little cheaper, as Indian publishers price them). */
const EDITIONS: Array<[string, number]> = [
  ['', 1],
  ['Hindi translation', 0.9],
  ['Tamil translation', 0.9],
];
const MEDIUMS: Array<[string, number]> = [
  ['', 1],
  ['Hindi Medium', 0.9],
  ['Tamil Medium', 0.9],
];

/** The demo's own books: made-up titles by made-up authors (no real book is sold under another's name). */
const FICTION: Record<string, string> = {
  'The Salt Road': 'Meera Iyer',
  'Monsoon Letters': 'Arjun Menon',
  'A House in Kasauli': 'Nandita Sen',
  'The Ninth Clue': 'Vikram Rathore',
  'Midnight at Marine Drive': 'Kavya Sharma',
  'Tea with Strangers': 'Ritu Bhatia',
  'The Last Ferry to Fort Kochi': 'Thomas Varghese',
  'Letters from Landour': 'Aditi Rawat',
  'The Weaver’s Daughter': 'Farah Qureshi',
  'Silent Hills': 'Rohan Deshpande',
  'A Summer in Shillong': 'Leena Kharkongor',
  'The Paper Boats': 'Sameer Joshi',
};
const NON_FICTION: Record<string, string> = {
  'Rivers of India': 'Suresh Rao',
  'The Spice Routes': 'Priya Nair',
  'Cooking with Dadi': 'Neha Malhotra',
  'Small Habits Every Day': 'Karan Mehta',
  'The Railway Builders': 'Imran Sheikh',
  'Walking the Western Ghats': 'Anjali Kulkarni',
  'Stories of Old Delhi': 'Harpreet Gill',
  'Money Matters for Young India': 'Rahul Bansal',
  'The Mind at Rest': 'Sunita Pillai',
  'A Cricket Life': 'Deepak Chauhan',
  'The Kitchen Garden': 'Geeta Reddy',
  'Notes from the Himalaya': 'Tenzin Dorje',
};
const EXAM_PREP: Record<string, string> = {
  'JEE Main Physics Practice Book': 'Rakesh Sinha',
  'JEE Chemistry Problem Book': 'Pooja Agarwal',
  'NEET Biology Guide': 'Shalini Verma',
  'NEET Physics Question Bank': 'Manoj Tiwari',
  'UPSC Indian Polity Handbook': 'Ashok Rao',
  'UPSC Modern History Notes': 'Kiran Saxena',
  'Quantitative Aptitude for Competitive Exams': 'Vivek Gupta',
  'English Grammar and Composition': 'Madhavi Iyer',
  'Logical Reasoning Made Easy': 'Sanjay Mishra',
  'General Knowledge Digest': 'Ritu Kapoor',
  'CBSE Mathematics Solved Papers': 'Ajay Yadav',
  'Banking Exam Practice Sets': 'Nisha Chawla',
};

export const CATALOG: CategorySpec[] = [
  {
    name: 'Books',
    hue: 20,
    coloured: false,
    subs: [
      {
        name: 'Fiction',
        nouns: Object.keys(FICTION),
        authors: FICTION,
        picture: 'book',
        brands: ['Rupa', 'Westland', 'Pan Macmillan', 'HarperCollins', 'Penguin'],
        adjectives: ['Paperback', 'Hardcover', 'Pocket Edition', 'Illustrated Edition', 'Large Print'],
        sizes: EDITIONS,
        price: [199, 699],
      },
      {
        name: 'Non-fiction',
        nouns: Object.keys(NON_FICTION),
        authors: NON_FICTION,
        picture: 'book',
        brands: ['Rupa', 'Westland', 'Pan Macmillan', 'HarperCollins', 'Penguin'],
        adjectives: ['Paperback', 'Hardcover', 'Pocket Edition', 'Illustrated Edition', 'Large Print'],
        sizes: EDITIONS,
        price: [249, 999],
      },
      {
        name: 'Exam Prep',
        nouns: Object.keys(EXAM_PREP),
        authors: EXAM_PREP,
        picture: 'book',
        brands: ['Arihant', 'Disha', 'MTG', 'Oswaal', 'Pearson'],
        adjectives: ['Paperback', 'Revised Edition', 'Latest Edition', 'Chapterwise Edition', 'Spiral Bound'],
        sizes: MEDIUMS,
        price: [199, 899],
      },
    ],
    details: (r) => ({ Language: pick(r, ['English', 'Hindi', 'Tamil', 'Bengali']), Pages: String(120 + Math.floor(r() * 600)) }),
  },
  {
    name: 'Earbuds',
    hue: 210,
    coloured: true,
    subs: [
      {
        name: 'True Wireless Earbuds',
        nouns: ['Earbuds', 'TWS Earbuds', 'Buds'],
        picture: 'earbuds',
        brands: ['Boult', 'boAt', 'Noise', 'Realme', 'OnePlus', 'JBL', 'Sony'],
        adjectives: ['ANC', 'Bass Boosted', 'Low Latency', 'Dual Mic', 'ENC'],
        lines: ['', 'Lite', 'Pro', 'Max'],
        price: [899, 19990],
      },
      {
        name: 'Gaming Earbuds',
        nouns: ['Gaming Earbuds', 'Gaming Buds'],
        picture: 'earbuds',
        brands: ['Boult', 'boAt', 'Noise', 'Realme', 'OnePlus'],
        adjectives: ['RGB', 'Low Latency', 'Quad Mic', 'Bass Boosted', 'ENC'],
        lines: ['', 'Lite', 'Pro', 'Max'],
        price: [999, 4999],
      },
      {
        name: SHARED_SUBS.bluetooth,
        nouns: ['Bluetooth Earbuds', 'Bluetooth Headphones'],
        picture: 'earbuds',
        byNoun: { 'Bluetooth Headphones': 'headphones' },
        brands: ['Boult', 'boAt', 'Noise', 'JBL', 'Sony'],
        adjectives: ['ANC', 'Bass Boosted', 'Foldable', 'Dual Pairing', 'ENC'],
        lines: ['', 'Lite', 'Pro', 'Max'],
        price: [999, 24990],
      },
    ],
    details: (r) => ({ Battery: `${20 + Math.floor(r() * 40)} hours`, Bluetooth: pick(r, ['5.0', '5.2', '5.3']) }),
  },
  {
    name: 'Neckbands',
    hue: 260,
    coloured: true,
    subs: [
      {
        name: 'Sports Neckbands',
        nouns: ['Neckband', 'Sports Neckband', 'Wireless Neckband'],
        picture: 'neckband',
        brands: ['pTron', 'Boult', 'boAt', 'Noise', 'Realme', 'OnePlus'],
        adjectives: ['Magnetic', 'Fast Charging', 'Sweatproof', 'Bass Boosted', 'Dual Pairing'],
        lines: ['', 'Lite', 'Plus', 'Pro'],
        price: [499, 2999],
      },
      {
        name: SHARED_SUBS.bluetooth,
        nouns: ['Bluetooth Neckband', 'Neckband Earphones'],
        picture: 'neckband',
        brands: ['pTron', 'Boult', 'boAt', 'Noise', 'OnePlus'],
        adjectives: ['Magnetic', 'Fast Charging', 'ENC', 'Bass Boosted', 'Dual Pairing'],
        lines: ['', 'Lite', 'Plus', 'Pro'],
        price: [549, 3499],
      },
    ],
    details: (r) => ({ Battery: `${15 + Math.floor(r() * 45)} hours`, 'Water resistance': pick(r, ['IPX4', 'IPX5', 'IPX7']) }),
  },
  {
    name: 'Toys',
    hue: 45,
    coloured: false,
    subs: [
      {
        name: 'Board Games',
        nouns: ['Board Game', 'Ludo Set', 'Chess Set', 'Business Game'],
        picture: 'board-game',
        brands: ['Ratnas', 'Toyshine', 'Funskool', 'Hasbro'],
        adjectives: ['Classic', 'Family', 'Travel', 'Deluxe', 'Strategy'],
        adjectivesByNoun: {
          'Ludo Set': ['Classic', 'Family', 'Travel', 'Deluxe', 'Magnetic'],
          'Chess Set': ['Classic', 'Wooden', 'Travel', 'Deluxe', 'Magnetic'],
        },
        lines: ['', 'Junior', 'Mini', 'Champion'],
        price: [299, 1999],
        prices: { 'Ludo Set': [99, 699], 'Chess Set': [199, 1499], 'Business Game': [199, 999] },
        ages: { 'Board Game': '8-14 years', 'Ludo Set': '5-12 years', 'Chess Set': '6-16 years', 'Business Game': '8-14 years' },
      },
      {
        name: 'Robots & Cars',
        nouns: ['Robot Toy', 'Transforming Robot', 'Walking Robot', 'Die-cast Car'],
        picture: 'robot',
        byNoun: { 'Die-cast Car': 'car' },
        brands: ['Toyshine', 'Funskool', 'Mattel', 'Hasbro'],
        adjectives: ['Classic', 'Battery-operated', 'Remote Control', 'Deluxe', 'Talking'],
        // A die-cast car is a metal model that is pushed or pulled back: no battery, no remote, no voice.
        adjectivesByNoun: { 'Die-cast Car': ['Classic', 'Pull-back', 'Collectible', 'Racing', 'Vintage'] },
        lines: ['', 'Junior', 'Explorer', 'Turbo'],
        price: [399, 2999],
        prices: { 'Robot Toy': [299, 1999], 'Die-cast Car': [99, 999] },
        ages: { 'Robot Toy': '5-10 years', 'Transforming Robot': '6-12 years', 'Walking Robot': '4-8 years', 'Die-cast Car': '3-12 years' },
      },
      {
        name: SHARED_SUBS.kids,
        nouns: ['Soft Toy', 'Building Blocks', 'Stacking Rings', 'Pull-along Car'],
        picture: 'teddy',
        byNoun: { 'Building Blocks': 'blocks', 'Stacking Rings': 'rings', 'Pull-along Car': 'car' },
        brands: ['Toyshine', 'Funskool', 'Mattel', 'Fisher-Price'],
        adjectives: ['Cuddly', 'Plush', 'Classic', 'Washable', 'Giant'],
        adjectivesByNoun: {
          'Building Blocks': ['Colourful', 'Jumbo', 'Classic', 'Creative', 'First'],
          'Stacking Rings': ['Colourful', 'Rainbow', 'Classic', 'Wooden', 'First'],
          'Pull-along Car': ['Colourful', 'Wooden', 'Classic', 'Musical', 'First'],
        },
        lines: ['', 'Little', 'Junior', 'Play'],
        price: [199, 1499],
        prices: { 'Building Blocks': [249, 1999], 'Stacking Rings': [149, 799], 'Pull-along Car': [149, 799] },
        ages: { 'Soft Toy': '1-6 years', 'Building Blocks': '3-8 years', 'Stacking Rings': '6-24 months', 'Pull-along Car': '1-3 years' },
      },
    ],
    details: (r) => ({ 'Age group': pick(r, ['3+ years', '5+ years', '8+ years', '12+ years']) }),
  },
  {
    name: 'T-shirts',
    hue: 340,
    coloured: true,
    subs: [
      {
        name: 'Round Neck T-shirts',
        nouns: ['Round Neck T-shirt', 'Crew Neck T-shirt', 'Basic Tee'],
        picture: 'tshirt',
        brands: ['Roadster', 'Bewakoof', 'HRX', 'Allen Solly', 'US Polo Assn.', 'Levi’s'],
        adjectives: ['Cotton', 'Slim Fit', 'Oversized', 'Regular Fit', 'Bio-wash'],
        lines: ['', 'Everyday', 'Urban', 'Essentials'],
        price: [299, 1799],
      },
      {
        name: 'Polo T-shirts',
        nouns: ['Polo T-shirt', 'Pique Polo'],
        picture: 'polo',
        brands: ['Roadster', 'HRX', 'Allen Solly', 'Van Heusen', 'Levi’s'],
        adjectives: ['Cotton', 'Slim Fit', 'Regular Fit', 'Solid', 'Textured'],
        lines: ['', 'Everyday', 'Classic', 'Signature'],
        price: [499, 2499],
      },
      {
        name: 'Graphic T-shirts',
        nouns: ['Graphic T-shirt', 'Typography Tee', 'Anime Print T-shirt'],
        picture: 'graphic-tee',
        brands: ['Roadster', 'Bewakoof', 'HRX', 'Levi’s'],
        adjectives: ['Cotton', 'Oversized', 'Regular Fit', 'Relaxed Fit', 'Bio-wash'],
        lines: ['', 'Everyday', 'Urban', 'Street'],
        price: [299, 1499],
      },
    ],
    details: (r) => ({ Fabric: pick(r, ['100% Cotton', 'Cotton Blend', 'Polyester']), Fit: pick(r, ['Regular', 'Slim', 'Oversized']) }),
  },
  {
    name: 'Clothing',
    hue: 300,
    coloured: true,
    subs: [
      {
        name: 'Ethnic Wear',
        nouns: ['Kurta', 'Saree', 'Nehru Jacket', 'Lehenga'],
        picture: 'kurta',
        byNoun: { Saree: 'saree', 'Nehru Jacket': 'nehru-jacket', Lehenga: 'lehenga' },
        brands: ['Anouk', 'Soch', 'Biba', 'FabIndia', 'Manyavar'],
        adjectives: ['Cotton', 'Silk', 'Festive', 'Embroidered', 'Handloom'],
        lines: ['', 'Heritage', 'Utsav', 'Signature'],
        price: [799, 4999],
        prices: { Saree: [999, 8999], Lehenga: [2499, 14999], 'Nehru Jacket': [999, 3999] },
      },
      {
        name: "Men's Wear",
        nouns: ['Shirt', 'Chinos', 'Jeans', 'Jacket'],
        picture: 'shirt',
        byNoun: { Chinos: 'trousers', Jeans: 'jeans', Jacket: 'jacket' },
        brands: ['Roadster', 'Peter England', 'Allen Solly', 'Levi’s', 'Louis Philippe'],
        adjectives: ['Slim Fit', 'Regular Fit', 'Relaxed Fit', 'Classic', 'Stretch'],
        lines: ['', 'Signature', 'Urban', 'Weekend'],
        price: [799, 3499],
        prices: { Jacket: [1499, 5999] },
      },
      {
        name: "Women's Wear",
        nouns: ['Kurti', 'Dress', 'Top', 'Palazzo'],
        picture: 'dress',
        byNoun: { Kurti: 'kurta', Top: 'tshirt', Palazzo: 'palazzo' },
        brands: ['Libas', 'Global Desi', 'Aurelia', 'W', 'Biba'],
        adjectives: ['Printed', 'Solid', 'Embroidered', 'Casual', 'Festive'],
        lines: ['', 'Everyday', 'Signature', 'Occasion'],
        price: [499, 2999],
      },
      {
        name: SHARED_SUBS.kids,
        nouns: ['Kids Frock', 'Kids Shorts Set', 'Kids Kurta Set'],
        picture: 'dress',
        byNoun: { 'Kids Kurta Set': 'kurta', 'Kids Shorts Set': 'shorts-set' },
        brands: ['Max', 'Babyhug', 'Hopscotch', 'Gini & Jony'],
        adjectives: ['Cotton', 'Printed', 'Festive', 'Casual', 'Party Wear'],
        lines: ['', 'Little', 'Play', 'Occasion'],
        price: [349, 1999],
      },
    ],
    details: (r) => ({ Fabric: pick(r, ['Cotton', 'Silk', 'Linen', 'Rayon']), Occasion: pick(r, ['Casual', 'Festive', 'Office']) }),
  },
  {
    name: 'Watches',
    hue: 180,
    coloured: true,
    subs: [
      {
        name: 'Smart Watches',
        nouns: ['Smartwatch', 'Fitness Watch', 'Calling Smartwatch'],
        picture: 'smart-watch',
        brands: ['Fire-Boltt', 'Noise', 'boAt', 'Amazfit', 'OnePlus'],
        adjectives: ['AMOLED', 'Round Dial', 'Square Dial', 'Slim', 'Sports'],
        lines: ['', 'Lite', 'Pro', 'Ultra'],
        price: [1299, 19999],
        prices: { 'Fitness Watch': [1299, 7999], 'Calling Smartwatch': [1299, 9999] },
      },
      {
        name: 'Analog Watches',
        nouns: ['Analog Watch', 'Leather Strap Watch', 'Steel Watch'],
        picture: 'analog-watch',
        brands: ['Sonata', 'Fastrack', 'Timex', 'Casio', 'Titan'],
        adjectives: ['Classic', 'Minimalist', 'Round Dial', 'Everyday', 'Slim'],
        lines: ['', 'Signature', 'Neo', 'Edge'],
        price: [699, 7999],
      },
      {
        name: 'Premium Watches',
        nouns: ['Dress Watch', 'Automatic Watch', 'Chronograph'],
        picture: 'premium-watch',
        brands: ['Titan', 'Citizen', 'Seiko', 'Fossil', 'Tissot'],
        adjectives: ['Classic', 'Sapphire Glass', 'Heritage', 'Skeleton Dial', 'Slim'],
        lines: ['', 'Signature', 'Prestige', 'Elite'],
        price: [6999, 49999],
      },
    ],
    details: (r) => ({ Strap: pick(r, ['Leather', 'Silicone', 'Stainless steel']), 'Water resistance': pick(r, ['30 m', '50 m', '100 m']) }),
  },
  {
    name: 'Snacks',
    hue: 30,
    coloured: false,
    subs: [
      {
        name: 'Chips & Namkeen',
        nouns: ['Potato Chips', 'Aloo Bhujia', 'Moong Dal', 'Khatta Meetha', 'Banana Chips'],
        picture: 'chips',
        // Makers of namkeen that sell chips too (a chips-only brand's Aloo Bhujia is no product).
        brands: ['Gopal', 'Balaji', 'Bikaji', 'Bikano', 'Haldiram’s'],
        adjectives: ['Classic Salted', 'Masala', 'Spicy', 'Tangy', 'Crunchy'],
        sizes: [
          ['150 g', 1],
          ['200 g', 1.3],
          ['400 g', 2.4],
          ['1 kg', 5.5],
        ],
        price: [30, 70],
      },
      {
        name: 'Biscuits & Cookies',
        nouns: ['Cookies', 'Cream Biscuits', 'Digestive Biscuits', 'Rusk'],
        picture: 'biscuits',
        byNoun: { Rusk: 'rusk' },
        brands: ['Parle', 'Priyagold', 'Sunfeast', 'Britannia', 'Unibic'],
        adjectives: ['Butter', 'Chocolate', 'Classic', 'Elaichi', 'Nutty'],
        sizes: [
          ['100 g', 1],
          ['200 g', 1.8],
          ['600 g', 4.6],
        ],
        price: [20, 60],
      },
      {
        name: 'Dry Fruits',
        nouns: ['Almonds', 'Cashews', 'Raisins', 'Mixed Dry Fruits'],
        picture: 'dry-fruits',
        brands: ['Farmley', 'Tata Sampann', 'Haldiram’s', 'Nutraj', 'Happilo'],
        adjectives: ['Premium', 'Handpicked', 'Jumbo', 'Select', 'Classic'],
        sizes: [
          ['200 g', 1],
          ['500 g', 2.3],
          ['1 kg', 4.4],
        ],
        price: [160, 340],
      },
    ],
    details: (r) => ({ 'Shelf life': `${3 + Math.floor(r() * 9)} months`, Veg: 'Yes' }),
  },
  {
    name: 'Home & Kitchen',
    hue: 100,
    coloured: false,
    subs: [
      {
        name: 'Cookware',
        nouns: ['Pressure Cooker', 'Kadai', 'Tawa', 'Frying Pan'],
        picture: 'pressure-cooker',
        byNoun: { Kadai: 'kadai', Tawa: 'tawa', 'Frying Pan': 'frying-pan' },
        brands: ['Vinod', 'Pigeon', 'Butterfly', 'Hawkins', 'Prestige'],
        adjectives: ['Non-stick', 'Stainless Steel', 'Hard Anodised', 'Induction Base', 'Triply'],
        lines: ['', 'Classic', 'Elite', 'Deluxe'],
        price: [449, 1999],
        prices: { 'Pressure Cooker': [1199, 4499], Kadai: [699, 2999] },
        // A cooker is sold by what it holds, as Indian shops list it.
        sizesByNoun: {
          'Pressure Cooker': [
            ['3 l', 1],
            ['5 l', 1.3],
          ],
        },
      },
      {
        name: 'Storage',
        nouns: ['Water Bottle', 'Lunch Box', 'Container Set', 'Flask'],
        picture: 'bottle',
        byNoun: { 'Lunch Box': 'lunch-box', 'Container Set': 'containers', Flask: 'flask' },
        brands: ['Signoraware', 'Cello', 'Tupperware', 'Borosil', 'Milton'],
        adjectives: ['Insulated', 'Airtight', 'Leak-proof', 'Stainless Steel', 'BPA-free'],
        lines: ['', 'Classic', 'Elite', 'Eco'],
        price: [199, 1499],
        prices: { 'Container Set': [349, 1999], Flask: [499, 1999] },
        // Bottles and flasks by their capacity.
        sizesByNoun: {
          'Water Bottle': [
            ['500 ml', 1],
            ['750 ml', 1.2],
            ['1 l', 1.4],
          ],
          Flask: [
            ['500 ml', 1],
            ['1 l', 1.4],
          ],
        },
      },
    ],
    details: (r) => ({ Material: pick(r, ['Aluminium', 'Steel', 'Glass', 'Plastic']) }),
  },
  {
    name: 'Personal Care',
    hue: 150,
    coloured: false,
    subs: [
      {
        name: 'Skin Care',
        nouns: ['Face Wash', 'Moisturiser', 'Sunscreen', 'Body Lotion'],
        picture: 'tube',
        byNoun: { Moisturiser: 'jar', 'Body Lotion': 'pump' },
        brands: ['Biotique', 'Himalaya', 'Nivea', 'Mamaearth', 'Dove'],
        adjectives: ['Herbal', 'Vitamin C', 'Aloe Vera', 'Gentle', 'Daily'],
        sizes: [
          ['50 ml', 1],
          ['100 ml', 1.7],
          ['200 ml', 3],
        ],
        price: [99, 349],
      },
      {
        name: 'Hair Care',
        nouns: ['Shampoo', 'Hair Oil', 'Conditioner'],
        picture: 'shampoo',
        brands: ['Parachute', 'Himalaya', 'Dove', 'Mamaearth', 'Indulekha'],
        adjectives: ['Herbal', 'Onion', 'Anti-dandruff', 'Keratin', 'Daily'],
        sizes: [
          ['100 ml', 1],
          ['200 ml', 1.8],
          ['400 ml', 3.2],
        ],
        price: [99, 299],
      },
    ],
    details: (r) => ({ 'Skin type': pick(r, ['All', 'Oily', 'Dry', 'Sensitive']) }),
  },
  {
    name: 'Stationery',
    hue: 60,
    coloured: false,
    subs: [
      {
        name: 'Notebooks',
        nouns: ['Notebook', 'Long Book', 'Spiral Diary'],
        // A spiral binding only where the name says so; notebooks and long books are bound.
        picture: 'bound-notebook',
        byNoun: { 'Spiral Diary': 'notebook' },
        brands: ['Navneet', 'Paperkraft', 'Camlin', 'Classmate'],
        adjectives: ['Ruled', 'Unruled', 'Single Line', 'Premium', 'Hardbound'],
        adjectivesByNoun: { 'Spiral Diary': ['Ruled', 'Unruled', 'Single Line', 'Premium', 'Pocket'] },
        lines: ['', 'Classic', 'Smart'],
        sizes: [
          ['', 1],
          ['Pack of 6', 5.4],
        ],
        price: [40, 149],
        prices: { 'Spiral Diary': [99, 399] },
      },
      {
        name: 'Pens & Pencils',
        nouns: ['Ball Pens', 'Gel Pens', 'Pencils', 'Colour Pencils'],
        picture: 'pens',
        byNoun: { Pencils: 'pencils', 'Colour Pencils': 'pencils' },
        brands: ['Apsara', 'Cello', 'Reynolds', 'Camlin', 'Faber-Castell'],
        adjectives: ['Smooth', 'Fine Tip', 'Classic', 'Student', 'Dark'],
        sizes: [
          ['Pack of 5', 1],
          ['Pack of 10', 1.9],
          ['Pack of 20', 3.6],
        ],
        price: [25, 90],
      },
    ],
    details: (r) => ({ 'Acid-free paper': pick(r, ['Yes', 'No']) }),
  },
];

/** Deterministic pseudo-random numbers (mulberry32), so every fresh shop seeds the same catalogue. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export { pick };

import type { PictureKind } from './product-picture.js';

/** The demo catalogue's shape: categories, their subcategories (one shared by two categories), and how to name things. */
export interface SubSpec {
  name: string;
  nouns: string[];
  /** What its products' pictures draw; `byNoun` picks another drawing for some nouns. */
  picture: PictureKind;
  byNoun?: Record<string, PictureKind>;
  /** Words for this subcategory alone, where the category's would contradict its products ('Analog' smart watch). */
  adjectives?: string[];
}

export interface CategorySpec {
  name: string;
  hue: number;
  brands: string[];
  adjectives: string[];
  /** Product lines a brand sells the same thing in ('' for the plain one); with the adjectives they keep names unique. */
  lines: string[];
  /**
   * What one pack holds, added to a product's name where it tells the shopper something ('200 g');
   * '' where it would not ('1 pc'). The unit itself follows the product type (docs/product.md#states and #rules-and-limits: pack).
   */
  sizes: string[];
  priceRange: [number, number];
  subs: SubSpec[];
  details: (r: () => number) => Record<string, string>;
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

export const SHARED_SUBS = { bluetooth: 'Bluetooth Audio', kids: 'Kids Corner' } as const;

export const CATALOG: CategorySpec[] = [
  {
    name: 'Books',
    hue: 20,
    brands: ['Penguin', 'HarperCollins', 'Rupa', 'Westland', 'Arihant', 'Scholastic'],
    adjectives: ['Bestselling', 'Illustrated', 'Paperback', 'Hardcover', 'Collector’s'],
    lines: ['', 'Revised Edition', 'Anniversary Edition', 'Deluxe Edition'],
    sizes: [''],
    priceRange: [149, 899],
    subs: [
      { name: 'Fiction', nouns: ['Novel', 'Mystery Novel', 'Romance Novel', 'Thriller', 'Short Stories'], picture: 'book' },
      { name: 'Non-fiction', nouns: ['Biography', 'History of India', 'Self-help Guide', 'Cookbook', 'Travel Memoir'], picture: 'book' },
      { name: 'Exam Prep', nouns: ['JEE Practice Book', 'NEET Guide', 'UPSC Handbook', 'Quantitative Aptitude', 'English Grammar'], picture: 'book' },
    ],
    details: (r) => ({ Language: pick(r, ['English', 'Hindi', 'Tamil', 'Bengali']), Pages: String(120 + Math.floor(r() * 600)) }),
  },
  {
    name: 'Earbuds',
    hue: 210,
    brands: ['boAt', 'Noise', 'JBL', 'Realme', 'OnePlus', 'Boult', 'Sony'],
    adjectives: ['Wireless', 'ANC', 'Bass Boosted', 'Low Latency', 'Dual Mic'],
    lines: ['', 'Lite', 'Max', 'Neo'],
    sizes: [''],
    priceRange: [599, 9999],
    subs: [
      { name: 'True Wireless Earbuds', nouns: ['Earbuds', 'TWS Earbuds', 'Airdopes Earbuds', 'Buds'], picture: 'earbuds' },
      { name: 'Gaming Earbuds', nouns: ['Gaming Earbuds', 'Earbuds with Mic'], picture: 'earbuds' },
      { name: SHARED_SUBS.bluetooth, nouns: ['Bluetooth Earbuds', 'Bluetooth Headset'], picture: 'earbuds' },
    ],
    details: (r) => ({ Battery: `${20 + Math.floor(r() * 40)} hours`, Bluetooth: pick(r, ['5.0', '5.2', '5.3']) }),
  },
  {
    name: 'Neckbands',
    hue: 260,
    brands: ['boAt', 'Noise', 'Boult', 'Realme', 'pTron', 'Oneplus'],
    adjectives: ['Wireless', 'Sports', 'Magnetic', 'Fast Charging', 'Sweatproof'],
    lines: ['', 'Lite', 'Plus', 'Neo'],
    sizes: [''],
    priceRange: [499, 3999],
    subs: [
      { name: 'Sports Neckbands', nouns: ['Neckband', 'Sports Neckband', 'Rockerz Neckband'], picture: 'neckband' },
      { name: SHARED_SUBS.bluetooth, nouns: ['Bluetooth Neckband', 'Wireless Neckband Earphones'], picture: 'neckband' },
    ],
    details: (r) => ({ Battery: `${15 + Math.floor(r() * 45)} hours`, 'Water resistance': pick(r, ['IPX4', 'IPX5', 'IPX7']) }),
  },
  {
    name: 'Toys',
    hue: 45,
    brands: ['Funskool', 'Hasbro', 'LEGO', 'Mattel', 'Hot Wheels', 'Toyshine'],
    adjectives: ['Classic', 'Educational', 'Deluxe', 'Mini', 'Family'],
    lines: ['', 'Starter', 'Junior', 'Explorer'],
    sizes: ['', ''],
    priceRange: [199, 4999],
    subs: [
      { name: 'Board Games', nouns: ['Board Game', 'Ludo Set', 'Chess Set', 'Business Game', 'Puzzle'], picture: 'board-game' },
      {
        name: 'Action Figures',
        nouns: ['Action Figure', 'Superhero Figure', 'Robot Toy', 'Die-cast Car'],
        picture: 'robot',
        byNoun: { 'Die-cast Car': 'car' },
      },
      {
        name: SHARED_SUBS.kids,
        nouns: ['Soft Toy', 'Building Blocks', 'Stacking Rings', 'Toy Kitchen Set'],
        picture: 'teddy',
        byNoun: { 'Building Blocks': 'blocks', 'Stacking Rings': 'blocks' },
      },
    ],
    details: (r) => ({ 'Age group': pick(r, ['3+ years', '5+ years', '8+ years', '12+ years']) }),
  },
  {
    name: 'T-shirts',
    hue: 340,
    brands: ['Bewakoof', 'Allen Solly', 'US Polo', 'Roadster', 'HRX', 'Levi’s'],
    adjectives: ['Cotton', 'Slim Fit', 'Oversized', 'Regular Fit', 'Printed'],
    lines: ['', 'Everyday', 'Urban', 'Summer'],
    sizes: [''],
    priceRange: [299, 1999],
    subs: [
      { name: 'Round Neck T-shirts', nouns: ['Round Neck T-shirt', 'Crew Neck T-shirt', 'Basic Tee'], picture: 'tshirt' },
      { name: 'Polo T-shirts', nouns: ['Polo T-shirt', 'Pique Polo'], picture: 'polo' },
      { name: 'Graphic T-shirts', nouns: ['Graphic T-shirt', 'Typography Tee', 'Anime Print T-shirt'], picture: 'graphic-tee' },
    ],
    details: (r) => ({ Fabric: pick(r, ['100% Cotton', 'Cotton Blend', 'Polyester']), Fit: pick(r, ['Regular', 'Slim', 'Oversized']) }),
  },
  {
    name: 'Clothing',
    hue: 300,
    brands: ['FabIndia', 'Biba', 'W', 'Manyavar', 'Peter England', 'Max'],
    adjectives: ['Cotton', 'Silk', 'Festive', 'Casual', 'Handloom'],
    lines: ['', 'Heritage', 'Everyday', 'Signature'],
    sizes: [''],
    priceRange: [399, 7999],
    subs: [
      { name: 'Ethnic Wear', nouns: ['Kurta', 'Saree', 'Saddi Jacket', 'Lehenga', 'Dupatta'], picture: 'kurta' },
      { name: "Men's Wear", nouns: ['Shirt', 'Chinos', 'Jeans', 'Jacket'], picture: 'shirt' },
      { name: "Women's Wear", nouns: ['Kurti', 'Dress', 'Top', 'Palazzo'], picture: 'dress' },
      {
        name: SHARED_SUBS.kids,
        nouns: ['Kids Frock', 'Kids Shorts Set', 'Kids Kurta Set'],
        picture: 'dress',
        byNoun: { 'Kids Kurta Set': 'kurta', 'Kids Shorts Set': 'tshirt' },
      },
    ],
    details: (r) => ({ Fabric: pick(r, ['Cotton', 'Silk', 'Linen', 'Rayon']), Occasion: pick(r, ['Casual', 'Festive', 'Office']) }),
  },
  {
    name: 'Watches',
    hue: 180,
    brands: ['Titan', 'Fastrack', 'Casio', 'Noise', 'Fire-Boltt', 'Fossil', 'Sonata'],
    adjectives: ['Analog', 'Digital', 'Chronograph', 'Smart', 'Classic'],
    lines: ['', 'Signature', 'Neo', 'Edge'],
    sizes: [''],
    priceRange: [799, 24999],
    subs: [
      {
        name: 'Smart Watches',
        nouns: ['Smart Watch', 'Fitness Watch', 'Calling Smartwatch'],
        picture: 'smart-watch',
        adjectives: ['AMOLED', 'Round Dial', 'Square Dial', 'Slim', 'Sports'],
      },
      {
        name: 'Analog Watches',
        nouns: ['Analog Watch', 'Leather Strap Watch', 'Steel Watch'],
        picture: 'analog-watch',
        adjectives: ['Classic', 'Minimalist', 'Round Dial', 'Everyday', 'Slim'],
      },
      {
        name: 'Premium Watches',
        nouns: ['Premium Watch', 'Automatic Watch', 'Luxury Chronograph'],
        picture: 'premium-watch',
        adjectives: ['Classic', 'Sapphire Glass', 'Heritage', 'Skeleton Dial', 'Slim'],
      },
    ],
    details: (r) => ({ Strap: pick(r, ['Leather', 'Silicone', 'Stainless steel']), 'Water resistance': pick(r, ['30 m', '50 m', '100 m']) }),
  },
  {
    name: 'Snacks',
    hue: 30,
    brands: ['Haldiram’s', 'Lay’s', 'Bikaji', 'Britannia', 'Parle', 'Balaji', 'Too Yumm'],
    adjectives: ['Masala', 'Classic Salted', 'Spicy', 'Crunchy', 'Tangy'],
    lines: ['', 'Homestyle', 'Festive', 'Premium'],
    sizes: ['150 g', '200 g', '400 g', '1 kg'],
    priceRange: [10, 499],
    subs: [
      { name: 'Chips & Namkeen', nouns: ['Potato Chips', 'Aloo Bhujia', 'Moong Dal', 'Khatta Meetha', 'Banana Chips'], picture: 'chips' },
      { name: 'Biscuits & Cookies', nouns: ['Cookies', 'Cream Biscuits', 'Digestive Biscuits', 'Rusk'], picture: 'biscuits' },
      { name: 'Dry Fruits', nouns: ['Almonds', 'Cashews', 'Raisins', 'Mixed Dry Fruits'], picture: 'dry-fruits' },
    ],
    details: (r) => ({ 'Shelf life': `${3 + Math.floor(r() * 9)} months`, Veg: 'Yes' }),
  },
  {
    name: 'Home & Kitchen',
    hue: 100,
    brands: ['Prestige', 'Pigeon', 'Milton', 'Cello', 'Borosil'],
    adjectives: ['Non-stick', 'Stainless Steel', 'Insulated', 'Airtight', 'Premium'],
    lines: ['', 'Classic', 'Elite', 'Eco'],
    sizes: ['', ''],
    priceRange: [149, 5999],
    subs: [
      { name: 'Cookware', nouns: ['Pressure Cooker', 'Kadai', 'Tawa', 'Frying Pan'], picture: 'cookware' },
      { name: 'Storage', nouns: ['Water Bottle', 'Lunch Box', 'Container Set', 'Flask'], picture: 'bottle' },
    ],
    details: (r) => ({ Material: pick(r, ['Aluminium', 'Steel', 'Glass', 'Plastic']) }),
  },
  {
    name: 'Personal Care',
    hue: 150,
    brands: ['Himalaya', 'Mamaearth', 'Dove', 'Nivea', 'Biotique'],
    adjectives: ['Herbal', 'Moisturising', 'Natural', 'Gentle', 'Daily'],
    lines: ['', 'Ayurvedic', 'Advanced', 'Pro'],
    sizes: ['100 ml', '200 ml', '50 g'],
    priceRange: [49, 999],
    subs: [
      { name: 'Skin Care', nouns: ['Face Wash', 'Moisturiser', 'Sunscreen', 'Body Lotion'], picture: 'tube' },
      { name: 'Hair Care', nouns: ['Shampoo', 'Hair Oil', 'Conditioner'], picture: 'shampoo' },
    ],
    details: (r) => ({ 'Skin type': pick(r, ['All', 'Oily', 'Dry', 'Sensitive']) }),
  },
  {
    name: 'Stationery',
    hue: 60,
    brands: ['Classmate', 'Camlin', 'Reynolds', 'Faber-Castell', 'Navneet'],
    adjectives: ['Ruled', 'Premium', 'Smooth', 'Student', 'Office'],
    lines: ['', 'Classic', 'Pro', 'Smart'],
    sizes: ['', ''],
    priceRange: [10, 799],
    subs: [
      { name: 'Notebooks', nouns: ['Notebook', 'Long Book', 'Spiral Diary'], picture: 'notebook' },
      { name: 'Pens & Pencils', nouns: ['Ball Pen Pack', 'Gel Pen', 'Pencil Set', 'Colour Pencils'], picture: 'pens' },
    ],
    details: (r) => ({ Pack: `${1 + Math.floor(r() * 10)}` }),
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

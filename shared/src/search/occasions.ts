import type { Audience } from './query-vocabulary.js';

/**
 * Gifts and occasions (docs/decisions/0310-query-understanding.md): the festivals, days and relations Indian shoppers
 * name, each with the shelves its gifts come from — for her, for him, or for anyone when the query says nobody — and
 * a price band when the occasion has one (a return gift). The demo's own; the admin edits the shop's list beside the
 * synonyms (PUT /api/search/occasions), which replaces these words' entries.
 */
export interface Occasion {
  /** The occasion's name as the chip shows it, and its key. */
  name: string;
  /** What shoppers type for it (one to three words, any script). */
  words: string[];
  /** Shelves (subcategory or category names) its gifts come from, for anyone. */
  shelves: string[];
  /** For her / for him, when the query says so ("for sister", "bhai ke liye"); else `shelves`. */
  women?: string[];
  men?: string[];
  /** Whom it is for when the query does not say (Rakhi: a sister). */
  audience?: Audience;
  /** The most a gift for it usually costs, in rupees (a return gift). */
  maxPrice?: number;
}

const FESTIVE = ['Dry Fruits', 'Biscuits & Cookies', 'Chips & Namkeen', 'Ethnic Wear', 'Premium Watches', 'Analog Watches', 'Cookware', 'Storage'];
const HER = ['Ethnic Wear', "Women's Wear", 'Skin Care', 'Hair Care', 'Analog Watches', 'Premium Watches', 'Smart Watches', 'Fiction'];
const HIM = [
  'Analog Watches',
  'Premium Watches',
  'Smart Watches',
  'True Wireless Earbuds',
  'Bluetooth Audio',
  "Men's Wear",
  'Polo T-shirts',
  'Graphic T-shirts',
];
const HOME = ['Cookware', 'Storage'];
const KIDS = ['Board Games', 'Robots & Cars', 'Kids Corner', 'Pens & Pencils', 'Notebooks'];
const FOR_TWO = { women: HER, men: HIM };

export const OCCASIONS: Occasion[] = [
  { name: 'Diwali', words: ['diwali', 'deepavali', 'divali', 'dipawali', 'दिवाली', 'दीपावली', 'dhanteras', 'धनतेरस'], shelves: FESTIVE },
  { name: 'Eid', words: ['eid', 'eid ul fitr', 'bakrid', 'ईद'], shelves: FESTIVE },
  { name: 'Holi', words: ['holi', 'होली'], shelves: ['Chips & Namkeen', 'Biscuits & Cookies', 'Dry Fruits', 'Ethnic Wear'] },
  { name: 'Onam', words: ['onam', 'ओणम'], shelves: FESTIVE },
  { name: 'Pongal', words: ['pongal', 'sankranti', 'makar sankranti', 'lohri', 'पोंगल', 'संक्रांति', 'लोहड़ी'], shelves: FESTIVE },
  { name: 'Navratri', words: ['navratri', 'durga puja', 'dussehra', 'नवरात्रि', 'दशहरा'], shelves: FESTIVE },
  { name: 'Christmas', words: ['christmas', 'xmas', 'क्रिसमस'], shelves: KIDS },
  { name: 'Rakhi', words: ['rakhi', 'raksha bandhan', 'rakshabandhan', 'राखी', 'रक्षाबंधन', 'रक्षा बंधन'], shelves: HER, ...FOR_TWO, audience: 'women' },
  { name: 'Bhai Dooj', words: ['bhai dooj', 'bhaidooj', 'bhau beej', 'भाई दूज', 'भैया दूज'], shelves: HIM, ...FOR_TWO, audience: 'men' },
  { name: 'Karva Chauth', words: ['karva chauth', 'karwa chauth', 'करवा चौथ'], shelves: HER, audience: 'women' },
  { name: "Mother's Day", words: ['mothers day', "mother's day", 'मदर्स डे'], shelves: HER, audience: 'women' },
  { name: "Father's Day", words: ['fathers day', "father's day", 'फादर्स डे'], shelves: HIM, audience: 'men' },
  {
    name: "Teachers' Day",
    words: ['teachers day', "teacher's day", 'teacher', 'teachers', 'शिक्षक दिवस', 'शिक्षक', 'टीचर'],
    shelves: ['Notebooks', 'Pens & Pencils', 'Fiction', 'Non-fiction'],
  },
  { name: 'Birthday', words: ['birthday', 'bday', 'janamdin', 'janmdin', 'जन्मदिन', 'बर्थडे'], shelves: [...HIM, 'Board Games'], ...FOR_TWO },
  { name: 'Anniversary', words: ['anniversary', 'salgirah', 'सालगिरह'], shelves: [...HER, ...HIM], ...FOR_TWO },
  { name: "Valentine's Day", words: ['valentine', 'valentines', "valentine's", 'वैलेंटाइन'], shelves: [...HER, ...HIM], ...FOR_TWO },
  {
    name: 'Housewarming',
    words: ['housewarming', 'house warming', 'griha pravesh', 'grihapravesh', 'new home', 'new house', 'गृह प्रवेश', 'गृहप्रवेश'],
    shelves: HOME,
  },
  { name: 'Wedding', words: ['wedding', 'marriage', 'shaadi', 'shadi', 'vivah', 'शादी', 'विवाह'], shelves: HOME },
  { name: 'Return gifts', words: ['return gift', 'return gifts', 'रिटर्न गिफ्ट'], shelves: KIDS, maxPrice: 500 },
  {
    name: 'New baby',
    words: ['newborn', 'new born', 'newborn baby', 'baby shower', 'godh bharai', 'naamkaran', 'गोद भराई', 'नामकरण'],
    shelves: ['Kids Corner'],
  },
];

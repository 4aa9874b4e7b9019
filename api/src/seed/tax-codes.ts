import { discountedPrice } from '@haat/shared/money/pricing';
import { GARMENT_LIMIT_2025 } from '@haat/shared/gst/gst-rates';

/**
 * The demo catalogue's HSN codes and GST rates by subcategory, as an Indian shop files them on the rates in force
 * since 22 September 2025 (Notification 9/2025-Central Tax (Rate); books and notebooks exempted by 10/2025;
 * docs/product.md#tax-invoices). Garments are taxed by their selling price per piece: 5 % up to ₹2,500, 18 % above.
 * An admin changes a product's codes in the product form.
 */
const BY_SUBCATEGORY: Record<string, { hsn: string; rate: number } | { hsn: string; garment: true }> = {
  Fiction: { hsn: '4901', rate: 0 },
  'Non-fiction': { hsn: '4901', rate: 0 },
  'Exam Prep': { hsn: '4901', rate: 0 },
  'True Wireless Earbuds': { hsn: '851830', rate: 18 },
  'Gaming Earbuds': { hsn: '851830', rate: 18 },
  'Bluetooth Audio': { hsn: '851830', rate: 18 },
  'Sports Neckbands': { hsn: '851830', rate: 18 },
  'Board Games': { hsn: '9504', rate: 5 },
  'Robots & Cars': { hsn: '9503', rate: 5 },
  'Kids Corner': { hsn: '9503', rate: 5 },
  'Round Neck T-shirts': { hsn: '6109', garment: true },
  'Polo T-shirts': { hsn: '6105', garment: true },
  'Graphic T-shirts': { hsn: '6109', garment: true },
  'Ethnic Wear': { hsn: '6204', garment: true },
  "Men's Wear": { hsn: '6203', garment: true },
  "Women's Wear": { hsn: '6204', garment: true },
  'Smart Watches': { hsn: '851762', rate: 18 },
  'Analog Watches': { hsn: '9102', rate: 18 },
  'Premium Watches': { hsn: '9102', rate: 18 },
  'Chips & Namkeen': { hsn: '2106', rate: 5 },
  'Biscuits & Cookies': { hsn: '1905', rate: 5 },
  'Dry Fruits': { hsn: '0802', rate: 5 },
  Cookware: { hsn: '7323', rate: 5 },
  Storage: { hsn: '3924', rate: 18 },
  'Skin Care': { hsn: '3304', rate: 18 },
  'Hair Care': { hsn: '3305', rate: 5 },
  Notebooks: { hsn: '4820', rate: 0 },
  'Pens & Pencils': { hsn: '9608', rate: 18 },
};

/** The HSN code and GST rate of a demo product of `category`/`subcategory` selling at this price; kids' clothes are garments too. */
export function demoTaxCode(category: string, subcategory: string, price: number, discount: number): { hsn: string; rate: number } {
  const code = category === 'Clothing' && subcategory === 'Kids Corner' ? { hsn: '6111', garment: true as const } : BY_SUBCATEGORY[subcategory];
  if (!code) return { hsn: '', rate: 18 };
  if ('rate' in code) return code;
  return { hsn: code.hsn, rate: discountedPrice(price, discount) <= GARMENT_LIMIT_2025 ? 5 : 18 };
}

import { roundRupees } from './paise.js';

/**
 * ₹ in Indian-English grouping, e.g. formatInr(123456.5) === '₹1,23,456.50': exactly what
 * Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }) prints (inr.spec.ts checks them
 * side by side), written out because the first en-IN currency formatter a browser builds costs ~55 ms
 * of locale loading on a desktop and 4× that on a mid-range phone, on the path to the first price shown.
 */
export function formatInr(amount: number): string {
  const [whole = '0', paise = '00'] = Math.abs(roundRupees(amount)).toFixed(2).split('.');
  // Last three digits, then groups of two: 12,34,567.
  const head = whole.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}` : whole;
  // Like Intl's signDisplay 'auto': any negative amount keeps its sign, even when it rounds to zero.
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}₹${grouped}.${paise}`;
}

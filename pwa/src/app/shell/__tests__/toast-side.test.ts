import { describe, expect, it } from 'vitest';
import { toastSide } from '../toaster';

const rect = (top: number, height: number) =>
  ({ top, bottom: top + height, left: 0, right: 40, width: 40, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;

/** docs/product.md#rules-and-limits: a toast never covers the control just pressed. */
describe('the side a toast opens on', () => {
  it('is the bottom unless the control just pressed is in the lower half of the window', () => {
    expect(toastSide(null, 844)).toBe('bottom');
    expect(toastSide(rect(20, 40), 844)).toBe('bottom');
    // The product page's stepper on a phone, just under the middle: a toast at the bottom covered its +.
    expect(toastSide(rect(700, 40), 844)).toBe('top');
    expect(toastSide(rect(430, 40), 844)).toBe('top');
  });

  it('is the bottom for a control no longer laid out', () => {
    expect(toastSide(rect(0, 0), 844)).toBe('bottom');
  });
});

import { templateCategory } from './catalog-bulk.controller.js';

// The import template's example is atta: it is filed under the shop's grocery kind, never under Books because Books came first.
describe('the import template’s category', () => {
  it('is the grocery kind of the shop’s categories, whatever their order', () => {
    expect(templateCategory(['Books', 'Earbuds', 'Snacks', 'Toys'])).toBe('Snacks');
    expect(templateCategory(['Books', 'Grocery & Staples'])).toBe('Grocery & Staples');
    expect(templateCategory(['किताबें', 'किराना'])).toBe('किराना');
  });

  it('is the first category where the shop has no grocery kind, and empty for a shop with none', () => {
    expect(templateCategory(['Books', 'Toys'])).toBe('Books');
    expect(templateCategory([])).toBe('');
  });
});

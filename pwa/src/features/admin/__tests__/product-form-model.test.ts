import { describe, expect, it } from 'vitest';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { addExtraField, buildProductPayload, EMPTY_PRODUCT_FORM, formFromProduct, withRef, type ProductFormValues } from '../product-form-model';

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: '  Basmati Rice ',
  description: 'Long grain',
  image: ['/uploads/a.webp'],
  category: [{ _id: 'C1', name: 'Grocery' }],
  subCategory: [{ _id: 'S1', name: 'Rice' }],
  unit: '1 kg',
  stock: '25',
  price: '199.5',
  discount: '',
  more_details: [{ name: 'Origin', value: ' Punjab ' }],
};

describe('buildProductPayload (spec §5 Upload product)', () => {
  it('builds the create body: ids for chips, numbers for numeric text, discount 0 when blank, extra fields in more_details', () => {
    expect(buildProductPayload(filled)).toEqual({
      ok: true,
      payload: {
        name: 'Basmati Rice',
        description: 'Long grain',
        image: ['/uploads/a.webp'],
        category: ['C1'],
        subCategory: ['S1'],
        unit: '1 kg',
        stock: 25,
        price: 199.5,
        discount: 0,
        more_details: { Origin: 'Punjab' },
      },
    });
  });

  it.each([
    ['name', 'Name is required'],
    ['description', 'Description is required'],
    ['unit', 'Unit is required'],
    ['stock', 'Stock is required'],
    ['price', 'Price is required'],
  ] as const)('refuses a blank %s', (field, message) => {
    expect(buildProductPayload({ ...filled, [field]: '  ' })).toEqual({ ok: false, message });
  });

  it('refuses text where a number belongs, fractions of stock and discounts above 100', () => {
    expect(buildProductPayload({ ...filled, price: 'abc' })).toEqual({ ok: false, message: 'Price must be a number' });
    expect(buildProductPayload({ ...filled, stock: '2.5' })).toEqual({ ok: false, message: 'Stock must be a whole number' });
    expect(buildProductPayload({ ...filled, discount: '120' })).toEqual({ ok: false, message: 'Discount must be at most 100' });
    expect(buildProductPayload({ ...filled, price: '-1' })).toEqual({ ok: false, message: 'Price must not be negative' });
  });

  it('needs a value for every extra field', () => {
    expect(buildProductPayload({ ...filled, more_details: [{ name: 'Origin', value: ' ' }] })).toEqual({ ok: false, message: 'Origin is required' });
  });

  it('keeps an optional discount', () => {
    const built = buildProductPayload({ ...filled, discount: '15' });
    expect(built.ok && built.payload.discount).toBe(15);
  });
});

describe('extra fields and chips', () => {
  it('adds a named field once, trimmed, and refuses blank or repeated names', () => {
    const added = addExtraField(EMPTY_PRODUCT_FORM, '  Shelf life ');
    expect('values' in added && added.values.more_details).toEqual([{ name: 'Shelf life', value: '' }]);
    expect(addExtraField(EMPTY_PRODUCT_FORM, '   ')).toEqual({ error: 'Please enter a field name' });
    expect(addExtraField(filled, 'origin')).toEqual({ error: 'A field named "origin" already exists' });
    expect(addExtraField(filled, 'price')).toEqual({ error: 'A field named "price" already exists' });
  });

  it('ignores a category chosen twice (by _id)', () => {
    const list = withRef([{ _id: 'C1', name: 'Grocery' }], { _id: 'C1', name: 'Grocery' });
    expect(list).toHaveLength(1);
    expect(withRef(list, { _id: 'C2', name: 'Dairy' }).map((c) => c._id)).toEqual(['C1', 'C2']);
  });
});

describe('formFromProduct (edit modal)', () => {
  it('fills the form from a product, numbers as text, extra fields without the rating counters', () => {
    const product = {
      _id: 'P1',
      name: 'Ghee',
      description: 'Pure',
      image: ['/u/g.webp'],
      category: [{ _id: 'C1', name: 'Dairy', image: 'x' }],
      subCategory: [],
      unit: '500 ml',
      productType: 'fixed',
      stock: 3,
      price: 450,
      discount: 0,
      more_details: { Brand: 'Amul', averageRating: 4.5, totalReviews: 2 },
    } as unknown as Product;
    const values = formFromProduct(product);
    expect(values).toMatchObject({ stock: '3', price: '450', discount: '', more_details: [{ name: 'Brand', value: 'Amul' }] });
    expect(values.category).toEqual([{ _id: 'C1', name: 'Dairy' }]);
    expect(buildProductPayload(values).ok).toBe(true);
  });
});

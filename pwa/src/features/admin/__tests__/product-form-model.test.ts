import { describe, expect, it } from 'vitest';
import type { Product } from '@haat/shared/catalog/catalog.types';
import {
  addExtraField,
  buildProductPayload,
  withCurrentStock,
  EMPTY_PRODUCT_FORM,
  formFromProduct,
  withNewVariant,
  withoutVariant,
  withProductType,
  withRef,
  withVariant,
  type ProductFormValues,
} from '../product-form-model';

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: '  Basmati Rice ',
  description: 'Long grain',
  image: ['/uploads/a.webp'],
  category: [{ _id: 'C1', name: 'Grocery' }],
  subCategory: [{ _id: 'S1', name: 'Rice' }],
  productType: 'variable',
  unit: 'kg',
  stock: '25',
  price: '199.5',
  discount: '',
  more_details: [{ name: 'Origin', value: ' Punjab ' }],
};

describe('buildProductPayload (docs/product.md#validation, Upload product)', () => {
  it('builds the create body: ids for chips, numbers for numeric text, discount 0 when blank, extra fields in more_details', () => {
    expect(buildProductPayload(filled)).toEqual({
      ok: true,
      payload: {
        name: 'Basmati Rice',
        description: 'Long grain',
        image: ['/uploads/a.webp'],
        category: ['C1'],
        subCategory: ['S1'],
        productType: 'variable',
        unit: 'kg',
        stock: 25,
        maxPerOrder: 10,
        price: 199.5,
        discount: 0,
        more_details: { Origin: 'Punjab' },
        variants: [],
      },
    });
  });

  it('an edit sends back the stock it loaded, the product’s and each option’s, so the server can tell an untouched figure from a stale one', () => {
    const product = {
      _id: 'P1',
      name: 'Notebook',
      description: 'Ruled',
      image: [],
      category: [],
      subCategory: [],
      unit: 'pack',
      productType: 'fixed',
      stock: 10,
      maxPerOrder: 4,
      price: 100,
      discount: 0,
      more_details: {},
      variants: [
        { _id: 'V1', name: 'A5', stock: 6 },
        { _id: 'V2', name: 'A4', price: 150 },
      ],
    } as unknown as Product;
    const values = { ...formFromProduct(product), description: 'Ruled, 200 pages' };
    const built = buildProductPayload(values);
    expect(built.ok && built.payload).toMatchObject({
      stock: 10,
      expectedStock: 10,
      maxPerOrder: 4,
      variants: [
        { _id: 'V1', name: 'A5', stock: 6, expectedStock: 6 },
        { _id: 'V2', name: 'A4', price: 150 },
      ],
    });
    expect((built.ok && built.payload.variants[1]) || {}).not.toHaveProperty('expectedStock');
    // A new product has nothing loaded to send back.
    expect(buildProductPayload(filled)).not.toHaveProperty('payload.expectedStock');
  });

  it('after STOCK_CHANGED the form shows the figure as it is now, and sends it as loaded', () => {
    const product = { ...formFromProduct({ _id: 'P1', name: 'N', stock: 10, variants: [{ _id: 'V1', name: 'A5', stock: 6 }] } as unknown as Product) };
    const now = withCurrentStock(product, 7);
    expect(now).toMatchObject({ stock: '7', loadedStock: 7 });
    const option = withCurrentStock(product, 2, 'V1');
    expect(option.variants[0]).toMatchObject({ stock: '2', loadedStock: 2 });
  });

  it.each([
    ['name', 'Name is required'],
    ['description', 'Description is required'],
    ['stock', 'Stock is required'],
    ['price', 'Price is required'],
    ['maxPerOrder', 'Most per order is required'],
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
      unit: 'pack',
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

describe('product type and unit (docs/product.md#states and #rules-and-limits)', () => {
  it('a new product starts fixed, sold by the pack', () => {
    expect(EMPTY_PRODUCT_FORM).toMatchObject({ productType: 'fixed', unit: 'pack' });
  });

  it('switching to fixed sets the unit to pack; to variable picks a listed unit, keeping one that is already listed', () => {
    const fixed = withProductType(filled, 'fixed');
    expect(fixed).toMatchObject({ productType: 'fixed', unit: 'pack' });
    expect(withProductType(fixed, 'variable')).toMatchObject({ productType: 'variable', unit: 'kg' });
    expect(withProductType({ ...filled, unit: 'litre' }, 'variable').unit).toBe('litre');
    expect(withProductType({ ...filled, productType: 'fixed', unit: 'pack' }, 'variable').unit).toBe('kg');
  });

  it('refuses a unit that does not suit the type, as the server does', () => {
    expect(buildProductPayload({ ...filled, productType: 'fixed', unit: 'kg' })).toEqual({ ok: false, message: 'Unit must be pack for a fixed product' });
    expect(buildProductPayload({ ...filled, unit: 'dozen' })).toEqual({ ok: false, message: 'Unit must be one of kg, litre, gm, ml for a variable product' });
    const fixed = buildProductPayload(withProductType(filled, 'fixed'));
    expect(fixed.ok && [fixed.payload.productType, fixed.payload.unit]).toEqual(['fixed', 'pack']);
  });

  it('an old product whose unit the rule refuses opens with the unit its type allows', () => {
    const old = { _id: 'P9', name: 'Tea', productType: 'fixed', unit: '1 pc', stock: 1, price: 5, discount: 0, more_details: {} } as unknown as Product;
    expect(formFromProduct(old)).toMatchObject({ productType: 'fixed', unit: 'pack' });
    expect(formFromProduct({ ...old, productType: 'variable', unit: '1 kg' })).toMatchObject({ productType: 'variable', unit: 'kg' });
    expect(formFromProduct({ ...old, productType: 'variable', unit: 'ml' }).unit).toBe('ml');
  });
});

describe('variant rows', () => {
  const twoRows = () => {
    let v = withNewVariant(withNewVariant(filled));
    v = withVariant(v, 0, { name: ' 1 kg ' });
    v = withVariant(v, 1, { name: '5 kg', price: '5000', stock: '3', image: ['/uploads/v.webp'] });
    return v;
  };

  it('adds blank rows with distinct keys, edits one, removes one', () => {
    const v = twoRows();
    expect(v.variants).toHaveLength(2);
    expect(new Set(v.variants.map((r) => r.key)).size).toBe(2);
    expect(withoutVariant(v, 0).variants.map((r) => r.name)).toEqual(['5 kg']);
  });

  it('sends a name each, price and stock only where typed, images where uploaded', () => {
    const built = buildProductPayload(twoRows());
    expect(built.ok && built.payload.variants).toEqual([{ name: '1 kg' }, { name: '5 kg', price: 5000, stock: 3, image: ['/uploads/v.webp'] }]);
  });

  it('keeps the stored _id of a variant it edits, so orders that name it still find it', () => {
    const product = {
      _id: 'P1',
      name: 'Atta',
      description: 'd',
      image: [],
      category: [],
      subCategory: [],
      unit: 'kg',
      productType: 'variable',
      stock: 3,
      price: 450,
      discount: 0,
      more_details: {},
      variants: [
        { _id: 'V1', name: '1 kg' },
        { _id: 'V5', name: '5 kg', price: 2000, stock: 0 },
      ],
    } as unknown as Product;
    const values = formFromProduct(product);
    expect(values.variants.map((r) => [r._id, r.name, r.price, r.stock])).toEqual([
      ['V1', '1 kg', '', ''],
      ['V5', '5 kg', '2000', '0'],
    ]);
    const edited = withNewVariant(withVariant(withoutVariant(values, 0), 0, { price: '1900' }));
    const built = buildProductPayload(withVariant(edited, 1, { name: '10 kg' }));
    expect(built.ok && built.payload.variants).toEqual([{ _id: 'V5', name: '5 kg', price: 1900, stock: 0, expectedStock: 0 }, { name: '10 kg' }]);
  });

  it.each([
    [{ name: '  ' }, 'Variant 2 name is required'],
    [{ price: '-5' }, 'Variant 2 price must not be negative'],
    [{ stock: '-1' }, 'Variant 2 stock must not be negative'],
    [{ stock: '1.5' }, 'Variant 2 stock must be a whole number'],
    [{ price: 'abc' }, 'Variant 2 price must be a number'],
    [{ name: '1 KG' }, 'Variant 2 name is repeated'],
  ])('refuses a variant row %o: %s', (patch, message) => {
    expect(buildProductPayload(withVariant(twoRows(), 1, patch))).toEqual({ ok: false, message });
  });
});

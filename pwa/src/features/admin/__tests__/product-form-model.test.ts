import { describe, expect, it } from 'vitest';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { i18n } from '../../../i18n/i18n';
import hindiAdmin from '../../../i18n/hi-IN/admin.json';
import {
  currentStockFields,
  EMPTY_PRODUCT_FORM,
  extraFieldProblem,
  formFromProduct,
  newVariantRow,
  orderedProblems,
  problemSentence,
  productResolver,
  withRef,
  type ProductFormValues,
  type VariantRow,
} from '../product-form-model';
import { unitForType } from '@haat/shared/catalog/product-unit.rule';

i18n.addResourceBundle('hi-IN', 'admin', hindiAdmin);
const english = i18n.getFixedT('en-IN', 'admin');
const hindi = i18n.getFixedT('hi-IN', 'admin');

/** What the form's submit gets: the resolver's body, or the first problem in words, as the toast says it. */
async function check(values: ProductFormValues, t = english) {
  const result = await productResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const problems = orderedProblems(result.errors);
  if (problems.length === 0) return { ok: true as const, payload: result.values };
  const [path, error] = problems[0]!;
  return { ok: false as const, message: problemSentence(t, path, error.message!, values), all: problems.map(([p]) => p) };
}

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
  hsn: '1006',
  gstRate: '5',
  more_details: [{ name: 'Origin', value: ' Punjab ' }],
};

const withType = (values: ProductFormValues, productType: ProductFormValues['productType']) => ({
  ...values,
  productType,
  unit: unitForType(productType, values.unit),
});
const rows = (...patches: Array<Partial<VariantRow>>) => patches.map((p) => ({ ...newVariantRow(), ...p }));

describe('the resolver (docs/product.md#validation, Upload product)', () => {
  it('builds the create body: ids for chips, numbers for numeric text, discount 0 when blank, extra fields in more_details', async () => {
    expect(await check(filled)).toEqual({
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
        hsn: '1006',
        gstRate: 5,
        more_details: { Origin: 'Punjab' },
        variants: [],
      },
    });
  });

  it('needs an HSN code and a GST rate in force today (12 % is gone since 22 September 2025)', async () => {
    expect(await check({ ...filled, hsn: '' })).toMatchObject({ ok: false, message: 'HSN code is required' });
    expect(await check({ ...filled, gstRate: '12' })).toMatchObject({
      ok: false,
      message: 'GST rate (%) must be a GST rate in force today (0, 0.25, 1.5, 3, 5, 18, 28, 40)',
    });
  });

  it('an edit sends back the stock it loaded, the product’s and each option’s, so the server can tell an untouched figure from a stale one', async () => {
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
      hsn: '4820',
      gstRate: 0,
      more_details: {},
      variants: [
        { _id: 'V1', name: 'A5', stock: 6 },
        { _id: 'V2', name: 'A4', price: 150 },
      ],
    } as unknown as Product;
    const built = await check({ ...formFromProduct(product), description: 'Ruled, 200 pages' });
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
    expect(await check(filled)).not.toHaveProperty('payload.expectedStock');
  });

  it('after STOCK_CHANGED the form shows the figure as it is now, and sends it as loaded', () => {
    const values = formFromProduct({ _id: 'P1', name: 'N', stock: 10, variants: [{ _id: 'V1', name: 'A5', stock: 6 }] } as unknown as Product);
    expect(currentStockFields(values, 7)).toEqual([
      ['stock', '7'],
      ['loadedStock', 7],
    ]);
    expect(currentStockFields(values, 2, 'V1')).toEqual([
      ['variants.0.stock', '2'],
      ['variants.0.loadedStock', 2],
    ]);
    expect(currentStockFields(values, 2, 'V9'), 'an option the form no longer has').toEqual([]);
  });

  it.each([
    ['name', 'Name is required'],
    ['description', 'Description is required'],
    ['stock', 'Stock is required'],
    ['price', 'Price is required'],
    ['maxPerOrder', 'Most per order is required'],
  ] as const)('refuses a blank %s', async (field, message) => {
    expect(await check({ ...filled, [field]: '  ' })).toMatchObject({ ok: false, message });
  });

  it('names every blank field at once, first in the order the form shows them', async () => {
    const answer = await check({ ...filled, price: '', name: ' ', stock: '' });
    expect(answer).toMatchObject({ ok: false, message: 'Name is required', all: ['name', 'stock', 'price'] });
  });

  it('refuses text where a number belongs, fractions of stock and discounts above 100', async () => {
    expect(await check({ ...filled, price: 'abc' })).toMatchObject({ ok: false, message: 'Price must be a number' });
    expect(await check({ ...filled, stock: '2.5' })).toMatchObject({ ok: false, message: 'Stock must be a whole number' });
    expect(await check({ ...filled, discount: '120' })).toMatchObject({ ok: false, message: 'Discount must be at most 100' });
    expect(await check({ ...filled, price: '-1' })).toMatchObject({ ok: false, message: 'Price must not be negative' });
    expect(await check({ ...filled, maxPerOrder: '0' })).toMatchObject({ ok: false, message: 'Most per order must be at least 1' });
  });

  it('needs a value for every extra field', async () => {
    expect(await check({ ...filled, more_details: [{ name: 'Origin', value: ' ' }] })).toMatchObject({ ok: false, message: 'Origin is required' });
  });

  it('keeps an optional discount', async () => {
    const built = await check({ ...filled, discount: '15' });
    expect(built.ok && built.payload.discount).toBe(15);
  });
});

describe('problems in Hindi (docs/product.md#languages)', () => {
  it('says each rule with the field’s Hindi label; an extra field keeps the admin’s own name', async () => {
    expect((await check({ ...filled, price: '-1' }, hindi)).message).toBe('कीमत का मान शून्य से कम नहीं हो सकता');
    expect((await check({ ...filled, stock: '' }, hindi)).message).toBe('स्टॉक भरना ज़रूरी है');
    expect((await check({ ...filled, price: 'abc' }, hindi)).message).toBe('कीमत में सिर्फ़ संख्या लिखें');
    expect((await check({ ...filled, more_details: [{ name: 'Origin', value: '' }] }, hindi)).message).toBe('Origin भरना ज़रूरी है');
    expect((await check({ ...filled, variants: rows({ name: '1 kg' }, { name: '5 kg', price: '-5' }) }, hindi)).message).toBe(
      'वैरिएंट 2 की कीमत का मान शून्य से कम नहीं हो सकता',
    );
  });

  it('keeps the schema’s English words after the label for a rule it has no sentence for', () => {
    expect(problemSentence(english, 'price', 'must be pretty', filled)).toBe('Price must be pretty');
    expect(problemSentence(hindi, 'price', 'must be pretty', filled)).toBe('कीमत: must be pretty');
  });
});

describe('extra fields and chips', () => {
  it('takes a named field once, and refuses blank names and names the form already has', () => {
    expect(extraFieldProblem(EMPTY_PRODUCT_FORM, '  Shelf life ')).toBeNull();
    expect(extraFieldProblem(EMPTY_PRODUCT_FORM, '   ')).toBe('blank');
    expect(extraFieldProblem(filled, 'origin')).toBe('taken');
    expect(extraFieldProblem(filled, 'price')).toBe('taken');
    expect(english('form.addField.taken', { name: 'origin' })).toBe('A field named "origin" already exists');
  });

  it('ignores a category chosen twice (by _id)', () => {
    const list = withRef([{ _id: 'C1', name: 'Grocery' }], { _id: 'C1', name: 'Grocery' });
    expect(list).toHaveLength(1);
    expect(withRef(list, { _id: 'C2', name: 'Dairy' }).map((c) => c._id)).toEqual(['C1', 'C2']);
  });
});

describe('formFromProduct (edit modal)', () => {
  it('fills the form from a product, numbers as text, extra fields without the rating counters', async () => {
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
      hsn: '0405',
      gstRate: 5,
      more_details: { Brand: 'Amul', averageRating: 4.5, totalReviews: 2 },
    } as unknown as Product;
    const values = formFromProduct(product);
    expect(values).toMatchObject({ stock: '3', price: '450', discount: '', more_details: [{ name: 'Brand', value: 'Amul' }] });
    expect(values.category).toEqual([{ _id: 'C1', name: 'Dairy' }]);
    expect((await check(values)).ok).toBe(true);
  });
});

describe('product type and unit (docs/product.md#states and #rules-and-limits)', () => {
  it('a new product starts fixed, sold by the pack', () => {
    expect(EMPTY_PRODUCT_FORM).toMatchObject({ productType: 'fixed', unit: 'pack' });
  });

  it('refuses a unit that does not suit the type, as the server does', async () => {
    expect(await check({ ...filled, productType: 'fixed', unit: 'kg' })).toMatchObject({ ok: false, message: 'Unit must be pack for a fixed product' });
    expect(await check({ ...filled, unit: 'dozen' })).toMatchObject({ ok: false, message: 'Unit must be one of kg, litre, gm, ml for a variable product' });
    const fixed = await check(withType(filled, 'fixed'));
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
  const twoRows = () => ({ ...filled, variants: rows({ name: ' 1 kg ' }, { name: '5 kg', price: '5000', stock: '3', image: ['/uploads/v.webp'] }) });

  it('new rows have distinct keys', () => {
    expect(new Set(rows({}, {}, {}).map((r) => r.key)).size).toBe(3);
  });

  it('sends a name each, price and stock only where typed, images where uploaded', async () => {
    const built = await check(twoRows());
    expect(built.ok && built.payload.variants).toEqual([{ name: '1 kg' }, { name: '5 kg', price: 5000, stock: 3, image: ['/uploads/v.webp'] }]);
  });

  it('keeps the stored _id of a variant it edits, so orders that name it still find it', async () => {
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
      hsn: '4820',
      gstRate: 0,
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
    // The first row removed, the second's price changed, a new row added.
    const edited = { ...values, variants: [{ ...values.variants[1]!, price: '1900' }, ...rows({ name: '10 kg' })] };
    const built = await check(edited);
    expect(built.ok && built.payload.variants).toEqual([{ _id: 'V5', name: '5 kg', price: 1900, stock: 0, expectedStock: 0 }, { name: '10 kg' }]);
  });

  it.each([
    [{ name: '  ' }, 'Variant 2 name is required'],
    [{ price: '-5' }, 'Variant 2 price must not be negative'],
    [{ stock: '-1' }, 'Variant 2 stock must not be negative'],
    [{ stock: '1.5' }, 'Variant 2 stock must be a whole number'],
    [{ price: 'abc' }, 'Variant 2 price must be a number'],
    [{ name: '1 KG' }, 'Variant 2 name is repeated'],
  ])('refuses a variant row %o: %s', async (patch, message) => {
    const values = twoRows();
    expect(await check({ ...values, variants: [values.variants[0]!, { ...values.variants[1]!, ...patch }] })).toMatchObject({ ok: false, message });
  });

  it('names the first problem of the first row before the second row’s', async () => {
    const answer = await check({ ...filled, variants: rows({ name: '1 kg', price: 'x' }, { name: '' }) });
    expect(answer).toMatchObject({ ok: false, message: 'Variant 1 price must be a number', all: ['variants.0.price', 'variants.1.name'] });
  });
});

describe('SKUs (docs/product.md#catalogue-in-bulk)', () => {
  it('shows the stored SKUs of a product and its options, and sends them back in capitals; blank ones are left to the server', async () => {
    const product = {
      _id: 'P1',
      name: 'Atta',
      sku: 'ATTA-5KG',
      description: 'Wheat flour',
      image: [],
      category: [],
      subCategory: [],
      unit: 'pack',
      productType: 'fixed',
      stock: 3,
      price: 250,
      discount: 0,
      hsn: '4820',
      gstRate: 0,
      more_details: {},
      variants: [{ _id: 'V1', name: 'Small', sku: 'ATTA-5KG-1' }],
    } as unknown as Product;
    const values = formFromProduct(product);
    expect(values.sku).toBe('ATTA-5KG');
    expect(values.variants[0]!.sku).toBe('ATTA-5KG-1');
    const edited = await check({ ...values, sku: ' atta-10kg ', variants: [...values.variants, ...rows({ name: 'Big' })] });
    expect(edited.ok && edited.payload).toMatchObject({ sku: 'ATTA-10KG', variants: [{ _id: 'V1', sku: 'ATTA-5KG-1' }, { name: 'Big' }] });
    expect(edited.ok && (edited.payload.variants[1] as { sku?: string }).sku).toBeUndefined();
    const fresh = await check(filled);
    expect(fresh.ok && 'sku' in fresh.payload).toBe(false);
  });

  it('names a SKU of another form on its field, in English and Hindi', async () => {
    const bad = { ...filled, sku: 'ATTA 5KG' };
    expect(await check(bad)).toMatchObject({ ok: false, message: 'SKU must be 1 to 40 letters, digits, - or _, starting with a letter or digit' });
    expect(await check(bad, hindi)).toMatchObject({ ok: false, message: 'SKU में 1 से 40 तक अंग्रेज़ी अक्षर, अंक, - या _ हों, और पहला अक्षर या अंक हो' });
    const option = await check({ ...filled, variants: rows({ name: 'A', sku: 'X' }, { name: 'B', sku: 'x' }) });
    expect(option).toMatchObject({ ok: false, message: 'Variant 2 SKU is repeated' });
  });
});

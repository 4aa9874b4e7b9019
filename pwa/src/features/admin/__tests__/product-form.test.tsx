import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { aProduct } from '../../../test-support/a-product';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { ProductForm } from '../components/product-form';
import { UploadProduct } from '../upload-product.page';

/**
 * The product form on react-hook-form, against a real local HTTP server answering like Haat's API: problems show
 * under their fields and nothing is sent; a save refused with STOCK_CHANGED shows the stock as it is now and the
 * next save sends that figure as the one loaded.
 */
const received: Array<{ url: string; body: Record<string, unknown> }> = [];
let stockNow = 7;

withLocalApiServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const url = req.url ?? '';
    if (url.startsWith('/api/category/get') || url.startsWith('/api/subcategory/get')) return reply(200, { success: true, error: false, data: [] });
    // The edit form's count of shoppers waiting for the product (a read, not a save this file checks).
    if (url.startsWith('/api/product/admin/notify-me/')) return reply(200, { success: true, error: false, data: { waiting: 0, byVariant: {} } });
    received.push({ url, body });
    if (url === '/api/product/update-product-details') {
      // As the API does: a changed figure over a stock that orders moved since the form loaded is refused.
      if (body.expectedStock !== stockNow && body.stock !== body.expectedStock) {
        return reply(409, {
          success: false,
          error: true,
          code: 'STOCK_CHANGED',
          message: `Stock changed while you were editing: it is now ${stockNow} (orders since you opened the form). Enter the new figure again.`,
          productId: body._id,
          current: stockNow,
          fields: ['stock'],
        });
      }
      return reply(200, { success: true, error: false, message: 'Product updated successfully', data: { ...aProduct(), stock: body.stock } });
    }
    if (url === '/api/product/create') {
      const data = aProduct({ _id: `01NEW${received.length}`, name: String(body.name) });
      return reply(201, { success: true, error: false, message: 'Product Created Successfully', data });
    }
    reply(404, { success: false, error: true, message: 'no route' });
  });
});

beforeEach(() => {
  received.length = 0;
  stockNow = 7;
});
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the product form', () => {
  it('shows each problem under its field and sends nothing while any is left', async () => {
    render(<ProductForm />);
    type('Price', '-3');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Name is required');
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Stock is required')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-describedby')).toBe(screen.getByText('Name is required').id);

    // The required fields filled, the schema's own rules speak: a negative price.
    type('Name', 'Masala Chai');
    type('Description', 'Strong');
    type('Stock', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Price must not be negative');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(received).toEqual([]);

    type('Price', '120');
    // The HSN code and a rate in force today are required too (docs/product.md#tax-invoices).
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('HSN code is required');
    expect(received).toEqual([]);
    type('HSN code', '0902');
    type('GST rate (%)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(received.map((r) => r.url)).toEqual(['/api/product/create']));
    expect(received[0]!.body).toMatchObject({
      name: 'Masala Chai',
      stock: 4,
      price: 120,
      productType: 'fixed',
      unit: 'pack',
      discount: 0,
      hsn: '0902',
      gstRate: 5,
    });
    // A new product's form empties after it is saved.
    await waitFor(() => expect(field('Name').value).toBe(''));
  });

  it('after STOCK_CHANGED shows the stock as it is now, and sends it back as loaded', async () => {
    render(<ProductForm product={aProduct({ _id: 'P1', unit: 'pack', stock: 10 })} />);
    expect(field('Stock').value).toBe('10');
    type('Stock', '15');
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(field('Stock').value).toBe('7'));
    expect(received[0]!.body).toMatchObject({ _id: 'P1', stock: 15, expectedStock: 10 });

    type('Stock', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Update Product' }));
    await waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]!.body).toMatchObject({ _id: 'P1', stock: 12, expectedStock: 7 });
  });

  it('turning a product variable lets the unit be chosen; turning it fixed makes it a read-only pack', async () => {
    render(<ProductForm />);
    const unit = () => field('Unit');
    expect([unit().tagName, unit().value, unit().readOnly]).toEqual(['INPUT', 'pack', true]);
    fireEvent.change(field('Product type'), { target: { value: 'variable' } });
    await waitFor(() => expect(unit().tagName).toBe('SELECT'));
    expect(unit().value).toBe('kg');
    fireEvent.change(unit(), { target: { value: 'litre' } });
    fireEvent.change(field('Product type'), { target: { value: 'fixed' } });
    await waitFor(() => expect([unit().tagName, unit().value]).toEqual(['INPUT', 'pack']));
  });
});

describe('Upload Product, once a product is uploaded', () => {
  const upload = async (name: string) => {
    type('Name', name);
    type('Description', 'Strong');
    type('Stock', '4');
    type('Price', '120');
    type('HSN code', '0902');
    type('GST rate (%)', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(field('Name').value).toBe(''));
  };

  it("links to the new product's page and to its edit form (en-IN)", async () => {
    render(
      <MemoryRouter>
        <UploadProduct />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    await upload('Masala Chai');
    const notice = await screen.findByTestId('uploaded-product');
    expect(notice.textContent).toContain('Uploaded: Masala Chai');
    // Saved from the foot of the form, the note at its top takes the focus (and comes into view).
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.getByRole('link', { name: 'See its page' }).getAttribute('href')).toBe('/product/Masala-Chai-01NEW1');
    expect(screen.getByRole('link', { name: 'Edit it' }).getAttribute('href')).toBe('/dashboard/product?edit=01NEW1');
    // The next upload's links replace the first's.
    await upload('Adrak Chai');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Edit it' }).getAttribute('href')).toBe('/dashboard/product?edit=01NEW2'));
    expect(screen.getAllByRole('link', { name: 'See its page' })).toHaveLength(1);
  });

  it('says so in Hindi (hi-IN)', async () => {
    await setLanguage('hi-IN', false);
    render(
      <MemoryRouter>
        <UploadProduct />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('नाम', { exact: true }), { target: { value: 'मसाला चाय' } });
    fireEvent.change(screen.getByLabelText('विवरण', { exact: true }), { target: { value: 'कड़क' } });
    fireEvent.change(screen.getByLabelText('स्टॉक', { exact: true }), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('कीमत', { exact: true }), { target: { value: '120' } });
    fireEvent.change(screen.getByLabelText('HSN कोड', { exact: true }), { target: { value: '0902' } });
    fireEvent.change(screen.getByLabelText('GST दर (%)', { exact: true }), { target: { value: '5' } });
    // A fixed product's unit reads "पैक" on a Hindi screen, and is sent as the unit it is ('pack').
    expect(screen.getByLabelText<HTMLInputElement>('यूनिट', { exact: true }).value).toBe('पैक');
    fireEvent.click(screen.getByRole('button', { name: 'सेव करें' }));
    const notice = await screen.findByTestId('uploaded-product');
    expect(notice.textContent).toContain('अपलोड हो गया: मसाला चाय');
    expect(screen.getByRole('link', { name: 'इसका पेज देखें' }).getAttribute('href')).toMatch(/^\/product\/.*-01NEW1$/);
    expect(screen.getByRole('link', { name: 'इसे बदलें' }).getAttribute('href')).toBe('/dashboard/product?edit=01NEW1');
    expect(received[0]!.body).toMatchObject({ productType: 'fixed', unit: 'pack' });
  });
});

import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon } from '@haat/shared/promotions/coupon.schema';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { setLanguage } from '../../../i18n/i18n';
import { CouponManager } from '../coupons.page';
import { fromLocalInput, toLocalInput } from '../coupon-form-model';
import { getDefaultStore } from 'jotai';
import { toastsAtom } from '../../../lib/ui/toast';

const toastsNow = () =>
  getDefaultStore()
    .get(toastsAtom)
    .filter((t) => t.kind === 'error');

/**
 * The admin's Coupons screen against a real local HTTP server answering like Haat's coupon routes: the form checks
 * the shared schema before sending (nothing is sent while a problem is left), a valid coupon is created and listed,
 * and Disable asks first.
 */
const received: Array<{ method: string; url: string; body: Record<string, unknown> }> = [];
let coupons: Coupon[] = [];

const aCoupon = (fields: Partial<Coupon>): Coupon => ({
  _id: `C${coupons.length + 1}`,
  code: 'DIWALI',
  type: 'percent',
  value: 10,
  maxDiscount: null,
  minOrder: null,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2099-11-30T00:00:00.000Z',
  totalUses: null,
  perAccountUses: null,
  used: 0,
  active: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});

withLocalApiServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const reply = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    const url = req.url ?? '';
    received.push({ method: req.method ?? '', url, body });
    if (url === '/api/coupon/list') return reply(200, { success: true, error: false, message: 'Coupons', data: coupons });
    if (url === '/api/coupon/create' && body.code === 'TAKEN')
      return reply(409, { success: false, error: true, code: 'CONFLICT', message: 'code: another coupon already has the code TAKEN.', fields: ['code'] });
    if (url === '/api/coupon/create' && body.code === 'NOFIELD')
      return reply(409, { success: false, error: true, code: 'CONFLICT', message: 'The coupon could not be saved now.' });
    if (url === '/api/coupon/create') {
      const coupon = aCoupon(body);
      coupons = [...coupons, coupon];
      return reply(201, { success: true, error: false, message: 'Coupon created', data: coupon });
    }
    if (url === '/api/coupon/update') {
      coupons = coupons.map((c) => (c._id === body._id ? { ...c, ...body } : c));
      return reply(200, { success: true, error: false, message: 'Coupon updated', data: coupons.find((c) => c._id === body._id) });
    }
    if (url === '/api/coupon/disable') {
      coupons = coupons.map((c) => (c._id === body._id ? { ...c, active: false } : c));
      return reply(200, { success: true, error: false, message: 'Coupon disabled', data: coupons.find((c) => c._id === body._id) });
    }
    reply(404, { success: false, error: true, message: 'no route' });
  });
});

beforeEach(() => {
  received.length = 0;
  coupons = [aCoupon({ code: 'OLDONE', endsAt: '2026-01-31T00:00:00.000Z', used: 3, totalUses: 100, perAccountUses: 1 })];
});
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const writes = () => received.filter((r) => r.url !== '/api/coupon/list');

describe("the admin's coupons", () => {
  it('lists each coupon with its terms, uses and state', async () => {
    render(<CouponManager />);
    const row = await screen.findByTestId('coupon-row-OLDONE');
    expect(row.textContent).toContain('10% off');
    expect(row.textContent).toContain('3 of 100 taken');
    expect(row.textContent).toContain('Per account: 1');
    expect(within(row).getByTestId('coupon-state').textContent).toBe('Expired');
  });

  it('says "no limit" in words for a coupon without one, and when a coupon to come starts', async () => {
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600_000);
    coupons = [aCoupon({ code: 'OPEN' }), aCoupon({ _id: 'C2', code: 'SOON', startsAt: inTwoDays.toISOString() })];
    render(<CouponManager />);
    const open = await screen.findByTestId('coupon-row-OPEN');
    expect(open.textContent).toContain('0 taken, no limit');
    expect(open.textContent).toContain('No limit per account');
    expect(open.textContent).not.toMatch(/None|null/);
    const soon = within(screen.getByTestId('coupon-row-SOON')).getByTestId('coupon-state').textContent;
    expect(soon).toMatch(/^Scheduled from /);
    expect(soon).toContain(String(inTwoDays.getFullYear()));
  });

  it('says the same in Hindi', async () => {
    await setLanguage('hi-IN', false);
    coupons = [aCoupon({ code: 'OPEN' }), aCoupon({ _id: 'C2', code: 'SOON', startsAt: new Date(Date.now() + 2 * 24 * 3600_000).toISOString() })];
    render(<CouponManager />);
    const open = await screen.findByTestId('coupon-row-OPEN');
    expect(open.textContent).toContain('0 इस्तेमाल, कोई सीमा नहीं');
    expect(open.textContent).toContain('हर खाते के लिए कोई सीमा नहीं');
    expect(within(screen.getByTestId('coupon-row-SOON')).getByTestId('coupon-state').textContent).toMatch(/से शुरू होगा$/);
  });

  it('says what is missing per field when saved empty, and focuses the first', async () => {
    render(<CouponManager />);
    await screen.findByTestId('coupon-row-OLDONE');
    fireEvent.click(screen.getByTestId('coupon-add'));
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    await screen.findByText('Enter a code: 3 to 24 letters, digits or hyphens.');
    expect(screen.getByText('Enter the discount: per cent off, or rupees off for a flat coupon.')).toBeTruthy();
    expect(screen.queryByText(/must be a number/)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('coupon-form-code')));
    // With the code typed, the next missing field (the value) gets the focus.
    type('coupon-form-code', 'FEST');
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('coupon-form-value')));
    expect(screen.queryByText(/Enter a code/)).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('says what is missing in Hindi', async () => {
    await setLanguage('hi-IN', false);
    render(<CouponManager />);
    await screen.findByTestId('coupon-row-OLDONE');
    fireEvent.click(screen.getByTestId('coupon-add'));
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    await screen.findByText('कोड लिखें: 3 से 24 अक्षर, अंक या हाइफ़न।');
    expect(screen.getByText('छूट लिखें: प्रतिशत, या तय रकम वाले कूपन के लिए रुपये।')).toBeTruthy();
  });

  it('enables a disabled coupon again', async () => {
    coupons = [aCoupon({ _id: 'C7', code: 'BACK', active: false })];
    render(<CouponManager />);
    const row = await screen.findByTestId('coupon-row-BACK');
    expect(within(row).getByTestId('coupon-state').textContent).toBe('Disabled');
    expect(within(row).queryByRole('button', { name: 'Disable coupon BACK' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Enable coupon BACK' }));
    await waitFor(() => expect(within(screen.getByTestId('coupon-row-BACK')).getByTestId('coupon-state').textContent).toBe('Enabled'));
    expect(writes()).toEqual([{ method: 'PUT', url: '/api/coupon/update', body: { _id: 'C7', active: true } }]);
    expect(screen.getByRole('button', { name: 'Disable coupon BACK' })).toBeTruthy();
  });

  it('refuses bad input under each field, tied to it, and sends nothing', async () => {
    render(<CouponManager />);
    await screen.findByTestId('coupon-row-OLDONE');
    fireEvent.click(screen.getByTestId('coupon-add'));
    type('coupon-form-code', 'x!');
    type('coupon-form-value', '150');
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    const code = await screen.findByText('Code must be 3 to 24 letters, digits or hyphens.');
    expect(screen.getByLabelText('Code').getAttribute('aria-describedby')).toBe(code.id);
    expect(screen.getByRole('textbox', { name: 'Value', description: /at most 100/ })).toBeTruthy();
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    // The percent range is the schema's refinement: it shows once the code is fixed.
    type('coupon-form-code', 'festive10');
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    await screen.findByText('Value must be more than 0 and at most 100 for a percent coupon.');
    type('coupon-form-value', '10');
    type('coupon-form-endsAt', screen.getByTestId<HTMLInputElement>('coupon-form-startsAt').value);
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    await screen.findByText('Ends must be after the start.');
    expect(writes()).toEqual([]);
  });

  it('creates a coupon with the times as instants and lists it', async () => {
    render(<CouponManager />);
    await screen.findByTestId('coupon-row-OLDONE');
    fireEvent.click(screen.getByTestId('coupon-add'));
    type('coupon-form-code', ' festive10 ');
    type('coupon-form-value', '10');
    type('coupon-form-maxDiscount', '200');
    type('coupon-form-minOrder', '499');
    type('coupon-form-startsAt', '2026-12-01T09:00');
    type('coupon-form-endsAt', '2026-12-31T21:30');
    type('coupon-form-perAccountUses', '1');
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    await screen.findByTestId('coupon-row-FESTIVE10');
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/api/coupon/create',
        body: {
          code: 'FESTIVE10',
          type: 'percent',
          value: 10,
          maxDiscount: 200,
          minOrder: 499,
          startsAt: new Date('2026-12-01T09:00').toISOString(),
          endsAt: new Date('2026-12-31T21:30').toISOString(),
          totalUses: null,
          perAccountUses: 1,
        },
      },
    ]);
  });

  it("shows the server's refusal under the field it names, focused, in a dialog that stays open; one naming no field inside the dialog", async () => {
    render(<CouponManager />);
    await screen.findByTestId('coupon-row-OLDONE');
    fireEvent.click(screen.getByTestId('coupon-add'));
    type('coupon-form-code', 'TAKEN');
    type('coupon-form-value', '10');
    type('coupon-form-startsAt', '2026-12-01T09:00');
    type('coupon-form-endsAt', '2026-12-31T21:30');
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    const code = screen.getByTestId('coupon-form-code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    const said = document.getElementById(code.getAttribute('aria-describedby')!.split(' ').pop()!);
    // The message, never the field path it came with.
    expect(said?.textContent).toBe('Another coupon already has the code TAKEN.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(toastsNow()).toEqual([]);
    // Changed, the refusal goes; a refusal naming no field shows inside the dialog, above its buttons.
    type('coupon-form-code', 'NOFIELD');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByTestId('coupon-form-save'));
    const inside = await within(screen.getByRole('dialog')).findByTestId('coupon-form-refusal');
    expect(inside.textContent).toBe('The coupon could not be saved now.');
    expect(inside.getAttribute('role')).toBe('alert');
    expect(toastsNow()).toEqual([]);
  });

  it('disables only after the admin confirms', async () => {
    coupons = [aCoupon({ _id: 'C9', code: 'DIWALI' })];
    render(<CouponManager />);
    const row = await screen.findByTestId('coupon-row-DIWALI');
    expect(within(row).getByTestId('coupon-state').textContent).toBe('Enabled');
    fireEvent.click(screen.getByRole('button', { name: 'Disable coupon DIWALI' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Disable coupon DIWALI' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Disable' })));
    await waitFor(() => expect(within(screen.getByTestId('coupon-row-DIWALI')).getByTestId('coupon-state').textContent).toBe('Disabled'));
    expect(writes()).toEqual([{ method: 'POST', url: '/api/coupon/disable', body: { _id: 'C9' } }]);
  });

  it('reads local date-time inputs as the admin’s own time and back', () => {
    const iso = fromLocalInput('2026-12-01T09:00');
    expect(toLocalInput(iso)).toBe('2026-12-01T09:00');
  });
});

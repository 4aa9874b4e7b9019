import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Coupon } from '@haat/shared/promotions/coupon.schema';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { CouponManager } from '../coupons.page';
import { fromLocalInput, toLocalInput } from '../coupon-form-model';

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
    if (url === '/api/coupon/create') {
      const coupon = aCoupon(body);
      coupons = [...coupons, coupon];
      return reply(201, { success: true, error: false, message: 'Coupon created', data: coupon });
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
afterEach(cleanup);

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

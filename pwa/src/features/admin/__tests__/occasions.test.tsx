import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OCCASIONS, type Occasion } from '@haat/shared/search/occasions';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { setLanguage } from '../../../i18n/i18n';
import { queryClient } from '../../../lib/query/query-client';
import { OccasionManager } from '../occasions.page';

/**
 * The admin's Search occasions screen (docs/product.md#search) against a real local HTTP server answering like Haat's
 * occasion routes: each occasion with its shelves and band, the form checked with the API's own schema (nothing sent
 * while a problem is left), a change saved, and Put back asking first.
 */
const received: Array<{ method: string; url: string; body: Record<string, unknown> }> = [];
let occasions: Occasion[] = [];

withLocalApiServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const reply = (status: number, payload: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    received.push({ method: req.method ?? '', url: req.url ?? '', body });
    if (req.url !== '/api/search/occasions') return reply(404, { success: false, error: true, message: 'no route' });
    if (req.method === 'GET') return reply(200, { success: true, error: false, message: 'Occasions', data: occasions });
    if (req.method === 'PUT') {
      occasions = occasions.map((o) => (o.name === body.name ? { ...o, ...(body as Partial<Occasion>) } : o));
      return reply(200, { success: true, error: false, message: 'Occasion saved', data: body });
    }
    occasions = occasions.map((o) => (o.name === body.name ? OCCASIONS.find((k) => k.name === o.name)! : o));
    reply(200, { success: true, error: false, message: 'Occasion put back', data: null });
  });
});

beforeEach(() => {
  received.length = 0;
  occasions = OCCASIONS.map((o) => ({ ...o }));
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  await setLanguage('en-IN', false);
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const writes = () => received.filter((r) => r.method !== 'GET');

describe("the admin's search occasions", () => {
  it('lists every occasion with its shelves and band, in English and Hindi', async () => {
    const { unmount } = render(<OccasionManager />);
    const row = await screen.findByTestId('occasion-row-Diwali');
    expect(row.textContent).toContain('Diwali');
    expect(row.textContent).toContain('Dry Fruits');
    expect(screen.getAllByRole('row').length).toBe(OCCASIONS.length + 1);
    unmount();
    await setLanguage('hi-IN', false);
    render(<OccasionManager />);
    expect((await screen.findByTestId('occasion-row-Diwali')).textContent).toContain('दिवाली');
    expect(screen.getByRole('heading', { name: 'सर्च के मौके' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'दाम की सीमा' })).toBeTruthy();
  });

  it('refuses an empty shelf list and a price that is not whole rupees, sending nothing, then saves the change', async () => {
    render(<OccasionManager />);
    const row = await screen.findByTestId('occasion-row-Diwali');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit Diwali' }));
    type('occasion-form-shelves', ' , ');
    type('occasion-form-maxPrice', '99.5');
    fireEvent.click(screen.getByTestId('occasion-form-save'));
    await screen.findByText('Shelves must name a shelf.');
    expect(screen.getByText('Price band (₹) must be whole rupees above 0.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('occasion-form-shelves')));
    expect(writes()).toEqual([]);
    type('occasion-form-shelves', 'Dry Fruits, Premium Watches ');
    type('occasion-form-maxPrice', '1500');
    fireEvent.click(screen.getByTestId('occasion-form-save'));
    await waitFor(() => expect(writes().length).toBe(1));
    expect(writes()[0]!.body).toEqual({ name: 'Diwali', shelves: ['Dry Fruits', 'Premium Watches'], maxPrice: 1500 });
    await waitFor(() => expect(screen.getByTestId('occasion-row-Diwali').textContent).toContain('Up to ₹1,500'));
  });

  it('puts the shop’s own list back only when the admin confirms', async () => {
    render(<OccasionManager />);
    const row = await screen.findByTestId('occasion-row-Holi');
    fireEvent.click(within(row).getByRole('button', { name: "Put back the shop's list for Holi" }));
    expect(writes()).toEqual([]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Put back' }));
    await waitFor(() => expect(writes()).toEqual([{ method: 'DELETE', url: '/api/search/occasions', body: { name: 'Holi' } }]));
  });
});

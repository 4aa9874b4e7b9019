import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { SmsBudgetView } from '@haat/shared/users/sms-budget.schema';
import { setLanguage } from '../../../i18n/i18n';
import { queryClient } from '../../../lib/query/query-client';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { SmsBudgetManager } from '../sms-budget.page';

/** The admin's SMS budget (docs/product.md#rules-and-limits): its use, when strangers pressed it, and raising it. */
let view: SmsBudgetView = {
  perHour: 300,
  perDay: 2000,
  hour: { sent: 118, strangers: 114, strangersLimit: 150, resetsInSeconds: 1800 },
  day: { sent: 118, strangers: 114, strangersLimit: 1000, resetsInSeconds: 80_000 },
  strangersPressed: { at: '2026-11-28T14:30:00.000Z', what: "strangers' sign-in codes reached the open share of the SMS budget (hour:address 172.1.1.9 3)" },
};
const puts: string[] = [];
withLocalApiServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url === '/api/admin/sms-budget' && req.method === 'PUT') {
      puts.push(body);
      const asked = JSON.parse(body) as { perHour: number; perDay: number };
      view = { ...view, ...asked, hour: { ...view.hour, strangersLimit: asked.perHour / 2 } };
      return send(200, { success: true, error: false, data: view });
    }
    if (req.url === '/api/admin/sms-budget') return send(200, { success: true, error: false, data: view });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  await setLanguage('en-IN', false);
});

describe('the SMS budget screen', () => {
  it("shows what the hour and the day sent, strangers' share and when they pressed it, and raises the budget", async () => {
    render(<SmsBudgetManager />, { wrapper: MemoryRouter });
    expect(await screen.findByText(/118 of 300 texts sent; 114 of the 150 open to anyone\./)).toBeTruthy();
    expect(screen.getByTestId('sms-budget-pressed').textContent).toMatch(/Strangers reached the open share at .*hour:address 172\.1\.1\.9 3/);
    fireEvent.change(screen.getByLabelText('Texts an hour'), { target: { value: '900' } });
    fireEvent.change(screen.getByLabelText('Texts a day'), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save budget' }));
    await waitFor(() => expect(puts).toEqual(['{"perHour":900,"perDay":5000}']));
    expect(await screen.findByText(/118 of 900 texts sent; 114 of the 450 open to anyone\./)).toBeTruthy();
  });

  it('says it in Hindi', async () => {
    await setLanguage('hi-IN', false);
    render(<SmsBudgetManager />, { wrapper: MemoryRouter });
    expect(await screen.findByRole('heading', { name: 'SMS बजट' })).toBeTruthy();
    expect(await screen.findByLabelText('एक घंटे में SMS')).toBeTruthy();
  });
});

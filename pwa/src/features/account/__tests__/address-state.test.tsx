import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionUser } from '../../../lib/http/session';
import { tokens } from '../../../lib/http/tokens';
import { clearUserData } from '../../../lib/storage/user-data';
import { toastsAtom } from '../../../lib/ui/toast';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { AddressDialog } from '../components/address-dialog';

/**
 * docs/product.md#tax-invoices: the state is the pincode's (the place of supply). The form puts the pincode's state
 * in when the pincode is looked up, corrects a state typed over it before sending, and takes the state the server
 * names when it refuses one (STATE_PINCODE_MISMATCH).
 */
const sent: Array<{ url: string; body: string }> = [];
let lookups = true;
withLocalApiServer((req, res) => {
  let body = '';
  const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    sent.push({ url: req.url ?? '', body });
    if (req.url?.startsWith('/api/address/pincode/400001')) {
      if (!lookups) return send(503, { success: false, error: true, code: 'UNAVAILABLE', message: 'down' });
      return send(200, {
        success: true,
        error: false,
        data: { pincode: '400001', city: 'Mumbai', district: 'Mumbai', state: 'Maharashtra', serviceable: true, deliveryDays: 3, deliveryBy: '2026-06-04' },
      });
    }
    if (req.url === '/api/address/create')
      return send(422, {
        success: false,
        error: true,
        code: 'STATE_PINCODE_MISMATCH',
        pincode: '400001',
        state: 'Maharashtra',
        fields: ['state'],
        message: 'state: Pincode 400001 is in Maharashtra, not Karnataka. Please check the state or the pincode.',
      });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

const USER = { _id: 'U1', name: 'Asha', username: 'asha', email: 'asha@example.com', avatar: '', mobile: '', role: 'USER' };
beforeEach(async () => {
  await clearUserData();
  tokens.save({ accessToken: 'a1', refreshToken: 'r1' });
  setSessionUser(USER as never);
  lookups = true;
});
afterEach(() => {
  cleanup();
  sent.length = 0;
  setSessionUser(null);
  tokens.clear();
  getDefaultStore().set(toastsAtom, []);
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillBut(state: string) {
  for (const [label, value] of [
    ['Name', 'Asha Rao'],
    ['Building', 'Flat 4B'],
    ['Address line', '12 Marine Drive'],
    ['Pincode', '400001'],
    ['District', 'Mumbai'],
    ['City', 'Mumbai'],
    ['Country', 'India'],
    ['Mobile', '9876543210'],
  ])
    type(label!, value!);
  type('State', state);
}

describe("the address form and the pincode's state", () => {
  it("corrects a state typed over the pincode's and sends nothing until it agrees", async () => {
    render(<AddressDialog onClose={() => undefined} />);
    type('Pincode', '400001');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('State').value).toBe('Maharashtra'));
    fillBut('Karnataka');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('State').value).toBe('Maharashtra'));
    // Said under the field it is about (focused, in the dialog), not in a toast behind the dialog's backdrop.
    expect(screen.getByTestId('state-problem').textContent).toBe('Pincode 400001 is in Maharashtra: the state is corrected to match it.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('State')));
    expect(getDefaultStore().get(toastsAtom)).toEqual([]);
    expect(sent.some((r) => r.url === '/api/address/create')).toBe(false);
  });

  it('takes the state the server names when it refuses one (the lookup could not answer)', async () => {
    lookups = false;
    render(<AddressDialog onClose={() => undefined} />);
    fillBut('Karnataka');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent.some((r) => r.url === '/api/address/create')).toBe(true));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('State').value).toBe('Maharashtra'));
    // The server's refusal under the field its path names, never the path itself; the field is marked and focused.
    const state = screen.getByLabelText('State');
    expect(screen.getByTestId('state-problem').textContent).toBe('Pincode 400001 is in Maharashtra, not Karnataka. Please check the state or the pincode.');
    expect(state.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(state));
    expect(getDefaultStore().get(toastsAtom)).toEqual([]);
  });
});

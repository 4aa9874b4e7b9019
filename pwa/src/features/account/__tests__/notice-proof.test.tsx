import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_CONSENTS } from '@haat/shared/notices/notice-consents';
import type { User } from '@haat/shared/users/user.types';
import { queryClient } from '../../../lib/query/query-client';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { NoticeSwitches } from '../components/notice-switches';

/**
 * Back in stock by e-mail for an address not yet proved (docs/product.md#notices-and-consent): the API answers 409
 * PROOF_REQUIRED and stores nothing; the switches say so where the shopper is, with the button that mails the proof.
 */
const PROOF = 'Verify your e-mail first: these notices are mailed only to an address you have proved.';
const calls: string[] = [];
withLocalApiServer((req, res) => {
  req.resume();
  req.on('end', () => {
    calls.push(`${req.method} ${req.url}`);
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/user/notices' && req.method === 'GET') return send(200, { success: true, error: false, data: DEFAULT_NOTICE_CONSENTS });
    if (req.url === '/api/user/notices')
      return send(409, { success: false, error: true, code: 'PROOF_REQUIRED', message: PROOF, fields: ['backInStock.email'], proof: 'email' });
    if (req.url === '/api/user/verify-email') return send(200, { success: true, error: false, message: 'We sent a link to asha@example.com.', data: null });
    if (req.url === '/api/config/public') return send(200, { success: true, error: false, data: { whatsapp: false } });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  calls.length = 0;
});

const user = { _id: 'u1', name: 'Asha', email: 'asha@example.com', mobile: '', mobile_verified: false, verify_email: false, role: 'USER' } as unknown as User;

describe('a notice switch that needs a proved address', () => {
  it('says what to prove under the switches, leaves the switch off, and mails the proof link on request', async () => {
    render(<NoticeSwitches user={user} onChange={() => undefined} push={null} />, { wrapper: MemoryRouter });
    const box = await screen.findByLabelText<HTMLInputElement>('Back in stock by E-mail');
    fireEvent.click(box);
    const note = await screen.findByTestId('notice-proof');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toContain(PROOF);
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Send verification link' }));
    await waitFor(() => expect(calls).toContain('POST /api/user/verify-email'));
  });
});

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { setSessionUser } from '../../../lib/http/session';
import { toastsAtom } from '../../../lib/ui/toast';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { ProfilePage } from '../profile.page';

vi.mock('../../realtime/public', async () => {
  const { useEffect } = await import('react');
  return {
    useRealtime: () => undefined,
    NewOrdersBadge: () => null,
    // The push switch is the realtime feature's (its own test: realtime/__tests__/push-toggle.test.tsx); here it only
    // tells the page what it would learn of this browser: no push.
    PushToggle: ({ onState }: { onState?: (state: 'unsupported') => void }) => {
      useEffect(() => {
        onState?.('unsupported');
      }, [onState]);
      return null;
    },
  };
});

const PASSWORD = 'saffron-kettle-rain';
const OLD = '+919876543210';
const NEXT = '+919123456780';
/** As the screen shows a number (shared/src/users/mobile-words.ts). */
const OLD_SHOWN = '+91 98765 43210';
const NEXT_SHOWN = '+91 91234 56780';
const passwordUser = {
  _id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  mobile: '',
  mobile_verified: false,
  avatar: '',
  role: 'USER',
  owner_proof: 'password',
} as User;
const mobileOnly = { _id: 'u2', name: 'Ravi', email: '', mobile: OLD, mobile_verified: true, avatar: '', role: 'USER', owner_proof: 'mobile_code' } as User;
let current: User = passwordUser;
const calls: string[] = [];

/** The API as docs/decisions/0280-sign-in-by-mobile-number.md has it: a password account's number needs its password. */
withLocalApiServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    calls.push(`${req.method} ${req.url} ${body}`);
    const json = body ? (JSON.parse(body) as Record<string, string>) : {};
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    const ok = (message: string, data: unknown) => send(200, { success: true, error: false, message, data });
    if (req.url === '/api/user/mobile') {
      if (json.currentPassword !== PASSWORD)
        return send(400, {
          success: false,
          error: true,
          code: 'REAUTH_REQUIRED',
          fields: ['currentPassword'],
          message: 'currentPassword: The current password is not correct.',
        });
      return ok(`A six-digit code is on its way to ${json.mobile} by SMS.`, null);
    }
    if (req.url === '/api/user/update-user') return ok(`Saved. Enter the code we sent to ${NEXT} on My Profile to make it your sign-in number.`, current);
    if (req.url === '/api/user/mobile/verify') {
      current = { ...current, mobile: json.mobile!, mobile_verified: true };
      return ok(`Your mobile number ${json.mobile} is verified.`, current);
    }
    if (req.url === '/api/user/user-details') return ok('User details', current);
    if (req.url === '/api/user/notices') {
      const off = { push: false, whatsapp: false, email: false };
      return ok('Notice settings', { orderUpdates: { push: true, whatsapp: false, email: true }, backInStock: off, priceDrops: off });
    }
    send(404, { success: false, error: true, message: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  cleanup();
  getDefaultStore().set(toastsAtom, []);
  setSessionUser(null);
  calls.length = 0;
});

const open = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard/profile']}>
      <Routes>
        <Route path="/dashboard/profile" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
  );

describe("My Profile's mobile number", () => {
  it('asks a password account for its password, says a wrong one under the field, and with the right one asks the code', async () => {
    current = passwordUser;
    setSessionUser(passwordUser);
    open();
    fireEvent.change(screen.getByLabelText('Mobile number to verify'), { target: { value: '91234 56780' } });
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toHaveProperty('disabled', true);
    const password = screen.getByLabelText('Current password (needed to add a mobile number)');
    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(send);
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('The current password is not correct.');
    fireEvent.change(password, { target: { value: PASSWORD } });
    expect(password.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(send);
    const box = await screen.findByLabelText(`Six-digit code sent to ${NEXT_SHOWN}`);
    // Send code is gone: focus is handed to the box the code goes in, never dropped to the page.
    expect(document.activeElement).toBe(box);
    expect(calls.filter((c) => c.startsWith('POST /api/user/mobile ')).at(-1)).toBe(
      `POST /api/user/mobile ${JSON.stringify({ mobile: NEXT, currentPassword: PASSWORD })}`,
    );
  });

  it("shows a mobile-only account's new number with its own code box, the old one its key until the code proves the new", async () => {
    current = mobileOnly;
    setSessionUser(mobileOnly);
    open();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    fireEvent.change(document.querySelector('input[name="mobile"]')!, { target: { value: NEXT } });
    await waitFor(() => expect(document.querySelector('input[name="otp"]')).not.toBeNull());
    fireEvent.change(document.querySelector('input[name="otp"]')!, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const box = await screen.findByLabelText(`Six-digit code sent to ${NEXT_SHOWN}`);
    expect(screen.getByText(`Until ${NEXT_SHOWN} is verified, you keep signing in with ${OLD_SHOWN}.`)).toBeTruthy();
    expect(screen.getByText(`${OLD_SHOWN} is verified: you can sign in with it.`)).toBeTruthy();
    fireEvent.change(box, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(`${NEXT_SHOWN} is verified: you can sign in with it.`);
    expect(calls).toContain(`POST /api/user/mobile/verify ${JSON.stringify({ mobile: NEXT, otp: '654321' })}`);
    expect(screen.queryByLabelText(`Six-digit code sent to ${NEXT_SHOWN}`)).toBeNull();
  });

  it('offers a mobile-only account no e-mail switch, and says how to add e-mail (and push) instead', async () => {
    current = mobileOnly;
    setSessionUser(mobileOnly);
    open();
    const grid = await screen.findByTestId('notice-switches');
    await waitFor(() => expect(screen.getByTestId('notice-none').textContent).toBe('No way to send you notices is open to this account yet:'));
    expect(grid.querySelectorAll('input[type="checkbox"]')).toHaveLength(0);
    const missing = await screen.findByTestId('notice-missing');
    expect(missing.textContent).toContain('E-mail: add your e-mail address above to get notices by e-mail.');
    expect(missing.textContent).toContain('Push: this browser cannot show notices');
  });
});

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

// The dashboard's realtime connection is not what this is about.
// Push is off and unsupported here (jsdom): the profile's order-updates switch renders its "cannot" line.
vi.mock('../../realtime/public', () => ({
  useRealtime: () => undefined,
  NewOrdersBadge: () => null,
  // The push switch is the realtime feature's (its own test: realtime/__tests__/push-toggle.test.tsx).
  PushToggle: () => null,
}));

const OLD = 'asha@example.com';
const NEW = 'asha.new@example.com';
const user = (email: string) => ({ _id: 'u1', name: 'Asha', email, mobile: '9876543210', avatar: '', role: 'USER' }) as User;
let serverEmail = OLD;
const calls: string[] = [];

/** The API as docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md has it: a new e-mail waits for its link. */
withLocalApiServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    calls.push(`${req.method} ${req.url} ${body}`);
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url === '/api/user/update-user')
      return send(200, {
        success: true,
        error: false,
        message: `Saved. To change your e-mail, open the link we sent to ${NEW} within an hour; until then you keep signing in with your current e-mail.`,
        data: user(serverEmail),
      });
    if (req.url === '/api/user/user-details') return send(200, { success: true, error: false, message: 'User details', data: user(serverEmail) });
    if (req.url === '/api/user/confirm-email') {
      serverEmail = NEW;
      return send(200, { success: true, error: false, message: `Your e-mail is now ${NEW}.`, data: { email: NEW } });
    }
    send(404, { success: false, error: true, message: 'Not found', code: 'NOT_FOUND' });
  });
});

const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => `${t.kind}: ${t.message}`);

afterEach(() => {
  cleanup();
  getDefaultStore().set(toastsAtom, []);
  setSessionUser(null);
  calls.length = 0;
});

const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/profile" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('changing the e-mail on the profile', () => {
  it('says a link was sent to the new address and keeps showing the e-mail that still signs in', async () => {
    serverEmail = OLD;
    setSessionUser(user(OLD));
    open('/dashboard/profile');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: NEW } });
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'saffron-kettle-rain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toasts().join('\n')).toContain(`success: Saved. To change your e-mail, open the link we sent to ${NEW}`));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(OLD));
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    expect(calls.some((c) => c.startsWith('PUT /api/user/update-user') && c.includes('"currentPassword":"saffron-kettle-rain"'))).toBe(true);
  });

  it('opening the mailed link finishes the change and shows the new e-mail', async () => {
    serverEmail = OLD;
    setSessionUser(user(OLD));
    open('/dashboard/profile?confirmEmail=the-link-token');
    await waitFor(() => expect(toasts()).toContain(`success: Your e-mail is now ${NEW}.`));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(NEW));
    expect(calls.filter((c) => c.startsWith('PUT /api/user/confirm-email'))).toEqual(['PUT /api/user/confirm-email {"token":"the-link-token"}']);
  });
});

describe('the avatar placeholder (docs/product.md#screens, Dashboard)', () => {
  it('is the ionicons person, named for screen readers, with no emoji', async () => {
    serverEmail = OLD;
    setSessionUser(user(OLD)); // no avatar
    open('/dashboard/profile');
    const placeholder = await screen.findByRole('img', { name: 'No avatar' });
    const icon = placeholder.querySelector<HTMLElement>('.profile__avatar-icon');
    expect(icon, 'the person icon').not.toBeNull();
    expect(icon!.getAttribute('aria-hidden')).toBe('true');
    expect(icon!.style.maskImage).toContain('data:image/svg+xml');
    expect(placeholder.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe("checkout's hold-limit link to My Profile (docs/product.md#rules-and-limits)", () => {
  it('/dashboard/profile#verify-email focuses Send verification link for an unverified account', async () => {
    serverEmail = OLD;
    setSessionUser({ ...user(OLD), verify_email: false });
    open('/dashboard/profile#verify-email');
    const button = await screen.findByRole('button', { name: 'Send verification link' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.closest('section')?.id).toBe('verify-email');
  });
});

describe('an account signed up by mobile number, with no e-mail yet', () => {
  it('saves its name without one, and is not asked to verify an e-mail it does not have', async () => {
    serverEmail = '';
    setSessionUser({ ...user(''), verify_email: false, mobile_verified: true });
    open('/dashboard/profile');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Rao' } });
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Send verification link' })).toBeNull();
    fireEvent.click(submit);
    await waitFor(() => expect(calls.some((c) => c.startsWith('PUT /api/user/update-user') && c.includes('"email":""'))).toBe(true));
  });

  it('keeps Submit off when an account that has an e-mail empties it', () => {
    serverEmail = OLD;
    setSessionUser(user(OLD));
    open('/dashboard/profile');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(true);
  });
});

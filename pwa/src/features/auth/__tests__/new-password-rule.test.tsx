import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { toastsAtom } from '../../../lib/ui/toast';
import { RegisterPage } from '../register.page';
import { ResetPasswordPage } from '../reset-password.page';

// Node's Request, unlike a browser's, does not resolve '/api/…' against the page: give it the page's
// address, so the form's own calls (the public config) fail as they would offline, not at once.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => `${t.kind}: ${t.message}`);

afterEach(async () => {
  cleanup();
  getDefaultStore().set(toastsAtom, []);
  await setLanguage('en-IN', false);
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('new passwords in the forms follow the shared rule', () => {
  it('register says the rule under the field and refuses a short password before sending it', async () => {
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    const password = screen.getByLabelText('Password', { exact: true });
    expect(password.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /At least 8 characters.*Commonly used passwords, easy guesses and ones made from your name or e-mail are refused/,
    );
    fill('Name', 'Asha');
    fill('Email', 'asha@example.com');
    fill('Password', '123456');
    fill('Confirm password', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toasts()).toContain('error: Password must be at least 8 characters.'));
  });

  it('reset refuses a short new password with the same words', async () => {
    render(
      <MemoryRouter
        initialEntries={[{ pathname: '/reset-password', state: { data: { success: true, data: { resetToken: 'a-token' } }, email: 'asha@example.com' } }]}
      >
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Routes>
      </MemoryRouter>,
    );
    fill('New password', 'abc');
    fill('Confirm password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(toasts()).toContain('error: New password must be at least 8 characters.'));
  });

  it('in Hindi, refuses a short password and a mismatch in Hindi', async () => {
    await setLanguage('hi-IN', false);
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    fill('नाम', 'Asha');
    fill('ईमेल', 'asha@example.com');
    fill('पासवर्ड', '123456');
    fill('पासवर्ड की पुष्टि करें', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'रजिस्टर करें' }));
    await waitFor(() => expect(toasts()).toContain('error: पासवर्ड कम से कम 8 अक्षरों का होना चाहिए।'));
    fill('पासवर्ड', '12345678a');
    fireEvent.click(screen.getByRole('button', { name: 'रजिस्टर करें' }));
    await waitFor(() => expect(toasts()).toContain('error: पासवर्ड और पासवर्ड की पुष्टि एक जैसे होने चाहिए'));
  });
});

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n/i18n';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { MobileSignInPage } from '../mobile-sign-in.page';

/** docs/product.md#validation and #screens: /login/mobile says why a number cannot be one, and moves on to the code. */
const asked: string[] = [];
withLocalApiServer((req, res) => {
  let text = '';
  req.on('data', (c) => (text += c));
  req.on('end', () => {
    asked.push(`${req.url} ${text}`);
    const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (req.url === '/api/user/login-otp') return send(200, { success: true, error: false, message: 'Code sent', data: null });
    send(404, { success: false, error: true, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(async () => {
  cleanup();
  asked.length = 0;
  await setLanguage('en-IN', false);
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/login/mobile']}>
      <Routes>
        <Route path="/login/mobile" element={<MobileSignInPage />} />
      </Routes>
    </MemoryRouter>,
  );

const problemOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('signing in by mobile number', () => {
  it('says under the field why a number cannot be Indian, when the shopper leaves it or presses Send code', () => {
    renderPage();
    const field = screen.getByLabelText('Mobile number');
    fireEvent.change(field, { target: { value: '77824 4888' } });
    // Not while typing.
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(problemOf(field)).toBe('A mobile number has 10 digits: this has 9.');
    fireEvent.change(field, { target: { value: '57824 48886' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(problemOf(field)).toBe('Indian mobile numbers start with 6, 7, 8 or 9.');
    expect(document.activeElement).toBe(field);
    expect(asked).toEqual([]);
  });

  it('says it in Hindi', async () => {
    await setLanguage('hi-IN', false);
    renderPage();
    const field = screen.getByLabelText('मोबाइल नंबर');
    fireEvent.change(field, { target: { value: '5782448886' } });
    fireEvent.blur(field);
    expect(problemOf(field)).toBe('भारत के मोबाइल नंबर 6, 7, 8 या 9 से शुरू होते हैं।');
  });

  it('after Send code, puts the focus in the first code box and names the number spaced as Indians write it', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '7782448886' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('We sent a six-digit code to +91 77824 48886.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Digit 1/ })));
    expect(asked).toEqual(['/api/user/login-otp {"mobile":"+917782448886"}']);
  });
});

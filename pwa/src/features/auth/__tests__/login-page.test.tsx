import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../login.page';

// Node's Request, unlike a browser's, does not resolve '/api/…' against the page: give it the page's
// address, so the form's own calls (the public config) fail as they would offline, not at once.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

afterEach(cleanup);

function renderLogin(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the login page', () => {
  it('links to "Forgot password?", written as a question without a space before the mark', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('fills in the e-mail register carried here, and starts empty otherwise', () => {
    renderLogin({ email: 'asha@example.in' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('asha@example.in');
    cleanup();
    renderLogin();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('');
  });
});

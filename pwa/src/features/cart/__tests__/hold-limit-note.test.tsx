import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { setSessionUser } from '../../../lib/http/session';
import { withLocalApiServer } from '../../../test-support/with-local-api-server';
import { HoldLimitNote } from '../components/hold-limit-note';

// The shop's settings as the API gives them: a verified account holds 30 units, an unverified one 4 (not the defaults).
withLocalApiServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  if (req.url === '/api/config/public')
    return res.end(
      JSON.stringify({ success: true, error: false, data: { googleClientId: null, paymentsEnabled: false, holdLimits: { verified: 30, unverified: 4 } } }),
    );
  res.end(JSON.stringify({ success: true, error: false, data: null }));
});
afterEach(() => {
  cleanup();
  setSessionUser(null);
});

const asha = (verified: Partial<User>) =>
  setSessionUser({ _id: 'u1', name: 'Asha', email: 'asha@example.com', role: 'USER', verify_email: false, ...verified } as User);
const note = (units?: number) =>
  render(
    <MemoryRouter>
      <HoldLimitNote units={units} />
    </MemoryRouter>,
  );

/** docs/decisions/0003-purchase-limits.md: an unverified account's lower limit is said where the basket is built. */
describe('the unverified account limit in the cart and on the product page', () => {
  it("says the server's limit and links to verifying the e-mail", async () => {
    asha({});
    note(3);
    expect(await screen.findByText('Until your e-mail is verified, you can order at most 4 items at a time.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your e-mail' }).getAttribute('href')).toBe('/dashboard/profile#verify-email');
  });

  it('says when the cart already holds more than it', async () => {
    asha({});
    note(6);
    expect(await screen.findByText('Your cart has 6 items: until your e-mail is verified, you can order at most 4 at a time.')).toBeTruthy();
  });

  it('says nothing to a verified account (its e-mail or its mobile) or a visitor', async () => {
    for (const user of [{ verify_email: true }, { mobile_verified: true }]) {
      asha(user);
      const { container, unmount } = note(6);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(container.textContent).toBe('');
      unmount();
    }
    const { container } = note(6);
    expect(container.textContent).toBe('');
  });
});

import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { setSessionUser } from '../../../lib/http/session';
import { AccountButton } from '../account-button';

afterEach(() => {
  cleanup();
  setSessionUser(null);
});

describe('the header account menu for keyboard users (docs/product.md#keyboard-and-screen-readers)', () => {
  it('closes on Escape and gives focus back to the Account button, not to the page', async () => {
    setSessionUser({ _id: 'u1', name: 'Asha', email: 'asha@example.in', role: 'USER' } as User);
    render(
      <MemoryRouter>
        <AccountButton />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Account' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const first = (await screen.findAllByRole('link'))[0]!;
    first.focus();
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

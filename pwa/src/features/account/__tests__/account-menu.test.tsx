import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@haat/shared/users/user.types';
import { setLanguage } from '../../../i18n/i18n';
import { setSessionUser } from '../../../lib/http/session';
import { AccountMenu, whoLine } from '../components/account-menu';

/**
 * The My Account menu (docs/product.md#screens): the entry of the page on screen is marked as current, and the
 * first line names the account once ("Admin", not "Admin (Admin)"), in English and Hindi.
 */
const admin = (name: string) => ({ _id: 'U1', name, email: 'admin@haat.in', mobile: null, role: 'ADMIN' }) as unknown as User;

afterEach(async () => {
  cleanup();
  setSessionUser(null);
  await setLanguage('en-IN', false);
});

const menuAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AccountMenu />
    </MemoryRouter>,
  );

describe('the account menu', () => {
  it.each([
    ['en-IN', 'Coupons', 'Overview'],
    ['hi-IN', 'कूपन', 'ओवरव्यू'],
  ] as const)('marks the page on screen as current, and only it (%s)', async (lang, coupons, overview) => {
    await setLanguage(lang, false);
    setSessionUser(admin('Admin'));
    menuAt('/dashboard/coupons');
    const current = screen.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current.map((a) => a.textContent)).toEqual([coupons]);
    // The overview is /dashboard, which every dashboard page starts with: it is current only on itself.
    expect(screen.getByRole('link', { name: overview }).getAttribute('aria-current')).toBeNull();
  });

  it('names an admin called "Admin" once, and adds the role to any other name', async () => {
    setSessionUser(admin('Admin'));
    menuAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Admin' })).toBeTruthy();
    expect(screen.queryByText('Admin (Admin)')).toBeNull();
    expect(whoLine('Asha Rao', true, 'Admin')).toBe('Asha Rao (Admin)');
    expect(whoLine('Asha Rao', false, 'Admin')).toBe('Asha Rao');
    cleanup();
    await setLanguage('hi-IN', false);
    menuAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Admin' })).toBeTruthy();
    expect(whoLine('एडमिन', true, 'एडमिन')).toBe('एडमिन');
    expect(whoLine('आशा', true, 'एडमिन')).toBe('आशा (एडमिन)');
  });
});

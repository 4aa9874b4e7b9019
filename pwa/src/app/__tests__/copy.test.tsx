import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { pageTitle } from '../../lib/ui/page-meta';
import { Footer } from '../shell/footer';

afterEach(cleanup);

describe('shell copy', () => {
  it("the footer's WhatsApp link goes to the shop's WhatsApp (mobile) number, not the toll-free line", () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const whatsapp = screen.getByRole('link', { name: /WhatsApp/i }).getAttribute('href')!;
    expect(whatsapp).toBe(`https://wa.me/${SUPPORT_CONTACT.whatsappNumber.replace(/\D/g, '')}`);
    expect(whatsapp).not.toContain('1800');
  });

  it('every page title follows "Page | Haat"', () => {
    expect(pageTitle('Manage Categories')).toBe('Manage Categories | Haat');
    expect(pageTitle('Cart | Haat')).toBe('Cart | Haat');
    expect(pageTitle('Haat | Online shopping')).toBe('Haat | Online shopping');
  });

  it('index.html has no deprecated apple-mobile-web-app-capable meta', () => {
    const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8'); // vitest runs in pwa/;
    expect(html).not.toContain('apple-mobile-web-app-capable');
  });
});

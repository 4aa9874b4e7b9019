import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';
import { db } from '../../../lib/storage/db';
import { setLanguage } from '../../../i18n/i18n';
import { FooterLinkPage } from '../footer-link.page';

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={<FooterLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
const stamp = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

beforeEach(async () => {
  await Promise.all([db.categories.clear(), db.subCategories.clear()]);
});
afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

describe('the footer pages', () => {
  it('/shop lists every category, each linking to its listing, with its sub categories', async () => {
    await db.categories.bulkPut([
      { _id: 'C1', name: 'Books', image: '/uploads/b-large.webp', ...stamp },
      { _id: 'C2', name: 'Watches', image: '', ...stamp },
    ]);
    await db.subCategories.bulkPut([
      { _id: 'S1', name: 'Fiction', image: '', category: [{ _id: 'C1', name: 'Books' }], ...stamp },
      { _id: 'S2', name: 'Exam Prep', image: '', category: [{ _id: 'C1', name: 'Books' }], ...stamp },
      { _id: 'S3', name: 'Smart Watches', image: '', category: [{ _id: 'C2', name: 'Watches' }], ...stamp },
    ]);
    at('/shop');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Shop by Category');
    const books = await screen.findByRole('link', { name: 'Books' });
    expect(books.getAttribute('href')).toBe('/Books-C1/Exam-Prep-S2');
    expect(screen.getByRole('link', { name: 'Watches' }).getAttribute('href')).toBe('/Watches-C2/Smart-Watches-S3');
    const subs = within(screen.getByRole('list', { name: 'Books sub categories' })).getAllByRole('link');
    expect(subs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Exam Prep', '/Books-C1/Exam-Prep-S2'],
      ['Fiction', '/Books-C1/Fiction-S1'],
    ]);
    expect(document.title).toBe('Shop | Haat');
  });

  it('/contact shows the support phone, e-mail and address, and checks the form before sending', async () => {
    at('/contact');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Contact Us');
    const tel = screen.getAllByRole('link', { name: SUPPORT_CONTACT.phone });
    expect(tel.map((a) => a.getAttribute('href'))).toEqual(['tel:+9118001234567']);
    expect(screen.getByRole('link', { name: SUPPORT_CONTACT.whatsappNumber }).getAttribute('href')).toBe(SUPPORT_CONTACT.whatsapp);
    expect(screen.getByRole('link', { name: SUPPORT_CONTACT.email }).getAttribute('href')).toBe(`mailto:${SUPPORT_CONTACT.email}`);
    // Until the API has named the shop, the demo shop its settings default to, one part a line.
    expect(screen.getByText('Haat Retail Private Limited')).toBeTruthy();
    expect(screen.getByText('Bengaluru, Karnataka 560001')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Send us a message' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'not-an-email' } });
    fireEvent.change(within(form).getByLabelText('Message'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    const problems = within(await screen.findByRole('alert'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(problems).toEqual(['Name is required.', expect.stringMatching(/^E-mail /), 'Message must be at least 10 characters.']);
    expect(document.title).toBe('Contact Us | Haat');
  });

  it('/faqs answers delivery, returns, payments, cash on delivery and order tracking', () => {
    at('/faqs');
    const topics = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(topics).toEqual(['Delivery', 'Returns and refunds', 'Payments', 'Cash on delivery', 'Order tracking']);
    expect(screen.getByText('How do I track my order?')).toBeTruthy();
    expect(screen.getByText('Can I pay cash on delivery?')).toBeTruthy();
  });

  it('/about says what the shop is', () => {
    at('/about');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About Haat');
    expect(screen.getByText(/Haat brings that market to your phone/)).toBeTruthy();
    expect(document.title).toBe('About Us | Haat');
  });
});

describe('the footer pages in Hindi', () => {
  beforeEach(() => setLanguage('hi-IN', false));

  it('/contact speaks Hindi, and its form says what is wrong in Hindi', async () => {
    at('/contact');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('संपर्क करें');
    expect(document.title).toBe('संपर्क करें | Haat');
    const form = screen.getByRole('form', { name: 'हमें मैसेज भेजें' });
    // The topic is shown in Hindi and sent as the schema's English value (the support desk's mail is English).
    const topic = within(form).getByLabelText<HTMLSelectElement>('विषय');
    expect([...topic.options].map((o) => [o.value, o.textContent])[2]).toEqual(['Returns and refunds', 'रिटर्न और रिफ़ंड']);
    fireEvent.change(within(form).getByLabelText('मैसेज'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'मैसेज भेजें' }));
    const problems = within(await screen.findByRole('alert'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(problems).toEqual(['नाम ज़रूरी है।', 'ईमेल एक सही ईमेल पता होना चाहिए।', 'मैसेज कम से कम 10 अक्षरों का होना चाहिए।']);
  });

  it('/about, /faqs and the policies speak Hindi, their links where the sentence puts them', () => {
    at('/about');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Haat के बारे में');
    expect(screen.getByRole('link', { name: 'रिटर्न पॉलिसी' }).getAttribute('href')).toBe('/return-policy');
    expect(screen.getByRole('link', { name: SUPPORT_CONTACT.phone }).getAttribute('href')).toBe('tel:+9118001234567');
    expect(screen.getByText('हाट').tagName).toBe('EM');
    expect(document.title).toBe('हमारे बारे में | Haat');
    cleanup();
    at('/faqs');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['डिलीवरी', 'रिटर्न और रिफ़ंड', 'पेमेंट', 'कैश ऑन डिलीवरी', 'ऑर्डर ट्रैकिंग']);
    expect(screen.getByText(`अपने ऑर्डर नंबर के साथ ${SUPPORT_CONTACT.phone} पर कॉल करें या हमारा`, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'मेरे ऑर्डर' }).getAttribute('href')).toBe('/my-orders');
  });
});

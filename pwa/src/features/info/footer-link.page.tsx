import type { JSX } from 'react';
import { useLocation } from 'react-router-dom';
import { AboutPage } from './about.page';
import { ContactPage } from './contact.page';
import { FaqsPage } from './faqs.page';
import { ShopPage } from './shop.page';

const PAGES: Record<string, () => JSX.Element> = { '/about': AboutPage, '/shop': ShopPage, '/contact': ContactPage, '/faqs': FaqsPage };

/** /about, /shop, /contact, /faqs (the footer's links): one lazy chunk, the page its path names. */
export function FooterLinkPage() {
  const Page = PAGES[useLocation().pathname] ?? AboutPage;
  return <Page />;
}

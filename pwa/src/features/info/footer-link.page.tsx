import { Link, useLocation } from 'react-router-dom';
import { usePageMeta } from '../../lib/use-page-meta';
import './info.css';

const TITLES: Record<string, string> = { '/about': 'About Haat', '/shop': 'Shop', '/contact': 'Contact us', '/faqs': 'FAQs' };

/** /about, /shop, /contact, /faqs: the spec lists the routes but shows no content, so each points onwards. */
export function FooterLinkPage() {
  const title = TITLES[useLocation().pathname] ?? 'Haat';
  usePageMeta({ title: `${title} | Haat`, description: `${title}: Haat delivers books, gadgets, toys, clothing and snacks in minutes.` });
  return (
    <article className="page page--narrow info-page">
      <h1>{title}</h1>
      <p>
        Haat delivers over 5,000 products in under 10 minutes. Our 24/7 Customer Service answers on +91 1800 123 4567 and at{' '}
        <a href="mailto:support@haat.in">support@haat.in</a>.
      </p>
      <p>
        <Link to="/">Browse the shop</Link>
      </p>
    </article>
  );
}

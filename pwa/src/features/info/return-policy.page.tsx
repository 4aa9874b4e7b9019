import { PageMeta } from '../../lib/ui/page-meta';
import './info.css';

/** docs/product.md#screens static page and #rules-and-limits: 7-day return window, refund in 5-7 business days. */
export function ReturnPolicyPage() {
  return (
    <>
      <PageMeta title="Return Policy | Haat" description="Returns within 7 days of delivery; refunds in 5-7 business days to the original payment method." />
      <article className="page page--narrow info-page">
        <h1>Return Policy</h1>
        <h2>Returns</h2>
        <p>We accept returns within 7 days of delivery.</p>
        <h2>Conditions</h2>
        <ul>
          <li>The product must be unused and in its original packaging.</li>
          <li>Tags, manuals and accessories must be included.</li>
          <li>Include the invoice with the return.</li>
          <li>Damage caused by misuse is not eligible for return.</li>
        </ul>
        <h2>Refunds</h2>
        <p>Once we receive and check the return, the refund reaches your original payment method within 5-7 business days.</p>
        <h2>Exchanges</h2>
        <p>
          To exchange a product, contact our support team at <a href="mailto:support@haat.in">support@haat.in</a>. Exchanges are subject to availability.
        </p>
      </article>
    </>
  );
}

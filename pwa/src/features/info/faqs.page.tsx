import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SUPPORT_CONTACT } from '@haat/shared/contact/support-contact';
import { PageMeta } from '../../lib/ui/page-meta';
import './info.css';

const FAQS: Array<{ topic: string; items: Array<{ q: string; a: ReactNode }> }> = [
  {
    topic: 'Delivery',
    items: [
      {
        q: 'How fast do you deliver?',
        a: 'Most orders in our delivery areas arrive within 10 minutes; we show the expected time at checkout. Delivery is free on every order.',
      },
      { q: 'Where do you deliver?', a: 'Anywhere in India with a valid 6-digit PIN code. Orders outside our quick-delivery areas arrive in 2–5 working days.' },
      {
        q: 'Can I change my delivery address after ordering?',
        a: `Call us on ${SUPPORT_CONTACT.phone} before the order leaves our store and we will change it.`,
      },
    ],
  },
  {
    topic: 'Returns and refunds',
    items: [
      {
        q: 'Can I return a product?',
        a: (
          <>
            Yes: most products can be returned within 7 days of delivery, unused and in their original packing. See our{' '}
            <Link to="/return-policy">Return Policy</Link>.
          </>
        ),
      },
      {
        q: 'When will I get my refund?',
        a: 'Card payments are refunded to the same card within 5–7 working days of the return reaching us. Cash on delivery orders are refunded to your bank account or UPI ID.',
      },
      { q: 'What can I not return?', a: 'Opened snacks and food, personal care products whose seal is broken, and innerwear, for hygiene reasons.' },
    ],
  },
  {
    topic: 'Payments',
    items: [
      {
        q: 'How can I pay?',
        a: 'Online with a debit or credit card through our secure payment partner, or in cash when the order arrives (Cash on Delivery). All prices are in ₹ and include GST.',
      },
      {
        q: 'Is paying by card safe?',
        a: 'Yes. Card details go straight to our payment partner over an encrypted connection; Haat never sees or stores your card number.',
      },
      {
        q: 'My payment failed but money left my account. What now?',
        a: 'The bank returns it on its own, usually within 5–7 working days. If it does not, write to us with your order number.',
      },
    ],
  },
  {
    topic: 'Cash on delivery',
    items: [
      {
        q: 'Can I pay cash on delivery?',
        a: 'Yes, on every order. Choose “Cash on Delivery” at checkout and pay the delivery partner when your order arrives.',
      },
      {
        q: 'Can I place a cash on delivery order while offline?',
        a: 'Yes. Haat saves the order on your phone and sends it as soon as you are back online; it is placed exactly once.',
      },
      { q: 'Do I need change?', a: 'Please keep the exact amount ready if you can; our delivery partners also accept UPI at the door.' },
    ],
  },
  {
    topic: 'Order tracking',
    items: [
      {
        q: 'How do I track my order?',
        a: (
          <>
            Open <Link to="/my-orders">My Orders</Link> after signing in: each order shows its status, updated live as it is packed, shipped and delivered.
          </>
        ),
      },
      { q: 'Can I cancel an order?', a: 'Yes, from My Orders while it has not been shipped. A card payment is refunded in full.' },
      {
        q: 'My order is late. Whom do I contact?',
        a: (
          <>
            Call {SUPPORT_CONTACT.phone} or use our <Link to="/contact">contact form</Link> with your order number; we answer 24/7.
          </>
        ),
      },
    ],
  },
];

/** /faqs: delivery, returns, payments, cash on delivery and order tracking, each a few questions. */
export function FaqsPage() {
  return (
    <>
      <PageMeta title="FAQs | Haat" description="Answers about delivery, returns and refunds, payments, cash on delivery and tracking your Haat order." />
      <article className="page page--narrow info-page faqs-page">
        <h1>Frequently Asked Questions</h1>
        {FAQS.map((group) => (
          <section key={group.topic} aria-labelledby={`faq-${group.topic}`}>
            <h2 id={`faq-${group.topic}`}>{group.topic}</h2>
            {group.items.map((item) => (
              <details key={item.q}>
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </section>
        ))}
        <p>
          Still need help? <Link to="/contact">Contact us</Link>.
        </p>
      </article>
    </>
  );
}

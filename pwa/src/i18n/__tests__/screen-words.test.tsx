// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '@haat/shared/orders/order.types';
import { setLanguage } from '../i18n';
import { unitText } from '../format';
import { newOrdersBadge } from '../../features/realtime/realtime-events';
import { PushNotAllowedError, PushServiceTimeoutError, type PushState } from '../../features/realtime/public';
import { PushToggle, pushProblemKey } from '../../features/realtime/push-toggle';
import { StageMover } from '../../features/orders/components/stage-mover';
import { OfferCountdown } from '../../features/product/components/buy-box';
import { StarRating } from '../../features/product/components/star-rating';
import { RatingRing } from '../../features/catalog/components/rating-ring';
import { CartNoticesList } from '../../features/cart/components/cart-notices-list';
import { Provider, createStore } from 'jotai';
import { cartNoticesAtom } from '../../features/cart/cart-notices';

// The words a shopper or admin reads where English used to be left on Hindi screens
// (docs/product.md#languages): each in both languages, and the fallbacks where a text is not ours.

afterEach(async () => {
  cleanup();
  await setLanguage('en-IN', false);
});

const hindi = () => act(() => setLanguage('hi-IN', false));

describe('units', () => {
  it('writes the measures in the shopper’s language, a unit an admin wrote as written, and nothing for “pack”', async () => {
    expect(unitText('gm')).toBe('gm');
    expect(unitText('pack')).toBeNull();
    await hindi();
    expect(unitText('gm')).toBe('ग्राम');
    expect(unitText('kg')).toBe('किलो');
    expect(unitText('ml')).toBe('मि.ली.');
    // Not one of the shop's measures: shown as the admin wrote it, never a key or an empty string.
    expect(unitText('1 pc')).toBe('1 pc');
    expect(unitText('dozen')).toBe('dozen');
    expect(unitText('pack')).toBeNull();
  });
});

describe('push failures', () => {
  const failing = (error: Error) => ({
    current: () => Promise.resolve<PushState>('off'),
    on: () => Promise.reject(error),
    off: () => Promise.resolve<PushState>('off'),
  });

  it('names each failure by what happened, never by the browser’s message', () => {
    expect(pushProblemKey(new PushServiceTimeoutError())).toBe('push.timeout');
    expect(pushProblemKey(new PushNotAllowedError())).toBe('push.notAllowed');
    expect(pushProblemKey(new DOMException('Registration failed - permission denied', 'NotAllowedError'))).toBe('push.notAllowed');
    expect(pushProblemKey(new Error('Registration failed - push service error'))).toBe('push.failed');
    expect(pushProblemKey('nonsense')).toBe('push.failed');
  });

  it('explains a browser that does not allow notifications, in Hindi on a Hindi screen', async () => {
    await hindi();
    render(<PushToggle audience="shopper" push={failing(new DOMException('Registration failed - permission denied', 'NotAllowedError'))} />);
    fireEvent.click(await screen.findByRole('button', { name: 'ऑर्डर आगे बढ़े तो मुझे बताएँ' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'इस ब्राउज़र ने यहाँ नोटिफ़िकेशन की अनुमति नहीं दी (अनुमति का सवाल बंद कर दिया गया, प्राइवेट विंडो है, या इस साइट के लिए नोटिफ़िकेशन बंद हैं), इसलिए वे चालू नहीं हुए।',
    );
    expect(alert.textContent).not.toMatch(/Registration|permission/);
  });

  it('says an unknown failure in plain words in English, not the raw error', async () => {
    render(<PushToggle audience="shopper" push={failing(new Error('Registration failed - push service error'))} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tell me when my order moves' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not change notifications');
  });
});

describe('the admin’s words in Hindi', () => {
  it('the New Orders badge', async () => {
    expect(newOrdersBadge(2)).toBe('New Orders: 2');
    await hindi();
    expect(newOrdersBadge(2)).toBe('नए ऑर्डर: 2');
    expect(newOrdersBadge(0)).toBeNull();
  });

  it('the stage mover: its label and every stage', async () => {
    await hindi();
    const order = {
      orderId: 'HT1',
      payment_method: 'COD',
      payment_status: 'CASH ON DELIVERY',
      statusHistory: [{ status: 'PLACED', updatedAt: '2026-11-25T08:00:00.000Z' }],
    } as unknown as Order;
    const { rerender } = render(<StageMover order={order} updating={false} onMove={() => {}} />);
    const group = screen.getByRole('group', { name: 'ऑर्डर HT1 को यहाँ ले जाएँ' });
    expect(group.textContent).toContain('यहाँ ले जाएँ:');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['कन्फ़र्म हुआ', 'शिप हुआ', 'डिलीवरी के लिए निकला', 'डिलीवर हुआ', 'रद्द हुआ']);
    rerender(<StageMover order={order} updating onMove={() => {}} />);
    expect(group.textContent).toContain('बदल रहे हैं...');
    expect(group.textContent).not.toMatch(/[A-Za-z]{3}/);
  });
});

describe('the shopper’s words in Hindi', () => {
  it('the offer countdown', async () => {
    await hindi();
    render(<OfferCountdown discount={20} />);
    expect(screen.getByRole('timer').textContent).toContain('24 घं : 00 मि : 00 से');
  });

  it('the notice’s OK', async () => {
    await hindi();
    const store = createStore();
    store.set(cartNoticesAtom, ['x']);
    render(
      <Provider store={store}>
        <CartNoticesList />
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ठीक है' }));
    expect(store.get(cartNoticesAtom)).toEqual([]);
  });
});

describe('a product nobody has reviewed', () => {
  it('says “No reviews yet” on its page, with no empty stars and no 0.0', () => {
    const { container } = render(<StarRating rating={0} count={0} />);
    expect(container.textContent).toBe('No reviews yet');
    cleanup();
    expect(render(<StarRating rating={4.25} count={3} />).container.textContent).toContain('4.3 (3 reviews)');
  });

  it('says “No reviews yet” on its card, with no ring and no 0.0; in Hindi too', async () => {
    const { container } = render(<RatingRing averageRating={0} totalReviews={0} />);
    expect(container.textContent).toBe('No reviews yet');
    expect(container.querySelector('svg')).toBeNull();
    cleanup();
    await hindi();
    const hi = render(<RatingRing averageRating={0} totalReviews={0} />).container;
    expect(hi.textContent).not.toContain('0.0');
    expect(hi.textContent).not.toMatch(/[A-Za-z]/);
  });
});

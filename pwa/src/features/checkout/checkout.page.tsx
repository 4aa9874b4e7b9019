import { useCallback, useState } from 'react';
import type { Address } from '@haat/shared/addresses/address.types';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { isSignedInAtom } from '../../lib/http/session';
import { PageMeta } from '../../lib/ui/page-meta';
import { BillDetails, EmptyCart, useCart } from '../cart/public';
import { cartPromiseKey, PromiseNote, usePromise } from '../../lib/delivery/delivery-promise';
import { useAddresses } from '../account/public';
import { placePromise } from '../../lib/delivery/place-words';
import { rememberDeliveryPlace } from '../../lib/delivery/delivery-place';
import { AddressChoice } from './components/address-choice';
import { FulfilmentChoice, type HowToGet } from './components/fulfilment-choice';
import { pickupStoreAtom, rememberPickupStore } from '../../lib/pickup/pickup-choice-store';
import type { PickupStore } from '@haat/shared/orders/order.types';
import { getDefaultStore } from 'jotai';
import { OrderSummary } from './components/order-summary';
import { PaymentActions } from './components/payment-actions';
import { usePlaceOrder } from './hooks/use-place-order';
import { useCoupon } from './hooks/use-coupon';
import { CouponField } from './components/coupon-field';
import { HoldLimitNotice } from './components/hold-limit-notice';
import './components/checkout.css';
import { i18n, useTranslation } from '../../i18n/i18n';

/** /checkout (docs/product.md#screens): Delivery Address, Order Summary, Bill Details, Pay Online / Cash on Delivery. */
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const signedIn = useAtomValue(isSignedInAtom);
  const { lines, totals, loaded, waiting } = useCart();
  const [addressId, setAddressId] = useState<string>();
  // Delivered or picked up at a store (docs/product.md#store-pickup); the store chosen last is kept on the device.
  const [how, setHow] = useState<HowToGet>('deliver');
  // What a tap on Pay still needs (no address or store chosen…) is said beside the buttons and announced, not in a toast far above.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pickupStore, setPickupStore] = useState<PickupStore | null>(() => getDefaultStore().get(pickupStoreAtom));
  const chooseStore = useCallback((store: PickupStore | null) => {
    setRefusal(null);
    setPickupStore(store);
    if (store) rememberPickupStore(store);
  }, []);
  const pickup = how === 'pickup' ? (pickupStore ? { storeId: pickupStore._id } : null) : null;
  const coupon = useCoupon(lines);
  // The chosen address's promise (docs/product.md#delivery): refused where the rule does not deliver, else the cart's
  // promise at its pincode (a dark store's minutes or the courier's date), which the order carries. Choosing it names
  // the header's place too.
  const { addresses } = useAddresses();
  const chosen = addresses.find((a) => a._id === addressId);
  const promise = chosen ? placePromise(chosen) : null;
  const cart = signedIn ? cartPromiseKey(lines, waiting.size) : undefined;
  const seen = usePromise(chosen && promise?.served && cart ? { pincode: chosen.pincode, cart } : null);
  const shown = chosen && promise?.served && seen ? seen : null;
  const order = usePlaceOrder(
    lines,
    totals,
    coupon.applied,
    coupon.refused,
    how === 'deliver' && shown ? { promise: shown.promise, pincode: chosen!.pincode } : null,
    setRefusal,
  );
  const needsStore = () => setRefusal(i18n.t('checkout:pickup.choose'));
  const choose = useCallback((address: Address) => {
    setRefusal(null);
    setAddressId(address._id);
    rememberDeliveryPlace(address);
  }, []);

  const message = !signedIn ? (
    <>
      <p>{t('pleaseLogin')}</p>
      <Link className="btn btn--primary" to="/login">
        {t('login')}
      </Link>
    </>
  ) : loaded && lines.length === 0 ? (
    <EmptyCart />
  ) : null;
  return (
    <>
      <PageMeta title={t('title')} />
      {message ? (
        <div className="checkout checkout--message">{message}</div>
      ) : (
        <div className="checkout">
          <h1 className="checkout__title">{t('checkout')}</h1>
          <div className="checkout__grid">
            <div className="checkout__where">
              <FulfilmentChoice how={how} onHow={setHow} lines={lines} store={pickupStore} onStore={chooseStore} />
              {how === 'deliver' && <AddressChoice selected={addressId} onSelect={choose} />}
            </div>
            <div className="checkout__side">
              <OrderSummary lines={lines} />
              <CouponField
                applied={coupon.applied}
                error={coupon.error}
                busy={coupon.busy || coupon.pending}
                onApply={(code) => void coupon.apply(code)}
                onRemove={coupon.remove}
              />
              <BillDetails totals={totals} variant="checkout" coupon={coupon.applied} />
              {order.priceNotice && (
                <p className="checkout__notice" role="alert" data-testid="price-changed">
                  {order.priceNotice}
                </p>
              )}
              {order.holdLimit && <HoldLimitNotice notice={order.holdLimit} />}
              {order.promiseNotice && (
                <p className="checkout__notice" role="alert" data-testid="promise-changed">
                  {order.promiseNotice}
                </p>
              )}
              {how === 'pickup' ? null : shown ? (
                <div className="checkout__promise" data-testid="checkout-promise">
                  <PromiseNote seen={shown} testId="checkout-promise-words" />
                </div>
              ) : (
                promise && (
                  <p className={`checkout__promise${promise.served ? '' : ' checkout__promise--refused'}`} role="status" data-testid="checkout-promise">
                    {promise.text}
                  </p>
                )
              )}
              <div role="alert" data-testid="pay-refusal">
                {refusal && <p className="checkout__notice">{refusal}</p>}
              </div>
              <PaymentActions
                busy={order.busy}
                held={coupon.pending}
                notServed={how === 'deliver' && promise !== null && !promise.served}
                atStore={how === 'pickup'}
                paymentsDown={order.paymentsDown}
                onPayOnline={() => (how === 'pickup' ? (pickup ? void order.payOnline(undefined, pickup) : needsStore()) : void order.payOnline(addressId))}
                onCashOnDelivery={() =>
                  how === 'pickup' ? (pickup ? void order.cashOnDelivery(undefined, pickup) : needsStore()) : void order.cashOnDelivery(addressId)
                }
              />
            </div>
          </div>
        </div>
      )}
    </>
  );
}

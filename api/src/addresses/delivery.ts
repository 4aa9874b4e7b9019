import { ErrorCode } from '@haat/shared/common/error-code';
import { deliveryDaysTo } from '@haat/shared/addresses/delivery-zones';
import { sameState } from '@haat/shared/addresses/same-state';
import { AppError } from '../common/app-error.js';
import { placeOf } from './pincode-directory.js';

/**
 * The place the delivery rule (docs/product.md#delivery) judges for an address: the state India Post lists for its
 * pincode, so a state typed by hand cannot buy a promise; the typed state only for a pincode the directory lacks
 * (an address saved before pincodes were checked).
 */
export function deliveryPlaceOf(address: { pincode: string; state: string; city: string }) {
  const pincode = address.pincode.replace(/\s/g, '');
  const listed = placeOf(pincode);
  return { pincode, state: listed?.state ?? address.state, city: listed?.city ?? address.city };
}

/**
 * 422 PINCODE_NOT_SERVED for an address or an order to a place outside every delivery zone. `field` prefixes the
 * message the way a validation answer names a field (the address form's pincode).
 */
export function refuseUnserved(address: { pincode: string; state: string; city: string }, use: 'address' | 'order'): void {
  const place = deliveryPlaceOf(address);
  if (deliveryDaysTo(place) !== null) return;
  const where = `${place.city}, ${place.state}`;
  if (use === 'address')
    throw new AppError(422, ErrorCode.PincodeNotServed, `pincode: We do not deliver to ${where} (${place.pincode}) yet.`, {
      pincode: place.pincode,
      fields: ['pincode'],
    });
  throw new AppError(422, ErrorCode.PincodeNotServed, `We do not deliver to ${where} (${place.pincode}) yet. Please choose an address we deliver to.`, {
    pincode: place.pincode,
    fields: ['addressId'],
  });
}

/**
 * The place of supply of goods sent to an address (docs/product.md#tax-invoices): the state India Post lists for
 * its pincode, which decides CGST + SGST against IGST; the typed state only for a pincode the directory lacks.
 */
export function supplyStateOf(address: { pincode: string; state: string; city: string }): string {
  return deliveryPlaceOf(address).state;
}

/**
 * 422 STATE_PINCODE_MISMATCH for an address whose typed state is not its pincode's: the invoice's tax follows the
 * pincode, so the address must say the same. The answer names the listed state, which the form puts in.
 */
export function refuseStateMismatch(address: { pincode: string; state: string; city: string }): void {
  const place = deliveryPlaceOf(address);
  if (sameState(place.state, address.state)) return;
  const typed = address.state.trim();
  throw new AppError(
    422,
    ErrorCode.StatePincodeMismatch,
    `state: Pincode ${place.pincode} is in ${place.state}, not ${typed}. Please check the state or the pincode.`,
    { pincode: place.pincode, state: place.state, fields: ['state'] },
  );
}

import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { PincodePlace } from '@haat/shared/addresses/pincode';
import { AppError } from '../common/app-error.js';
import { deliveryDateAfter, deliveryDaysTo } from '@haat/shared/addresses/delivery-zones';
import { placeOf, type DirectoryPlace } from './pincode-directory.js';

/** Pincodes against India Post's directory, and the shop's delivery estimate for them. */
@Injectable()
export class PincodeService {
  /** The lookup route's answer; an unlisted pincode is 404 PINCODE_UNKNOWN. */
  lookup(pincode: string, now: Date = new Date()): PincodePlace {
    const place = placeOf(pincode);
    if (!place) throw new AppError(404, ErrorCode.PincodeUnknown, `We could not find pincode ${pincode}. Please check it.`, { pincode });
    const days = deliveryDaysTo({ pincode, state: place.state });
    return {
      pincode,
      ...place,
      serviceable: days !== null,
      deliveryDays: days,
      deliveryBy: days === null ? null : deliveryDateAfter(days, now),
    };
  }

  /** An address's pincode must be a listed one: 400 PINCODE_UNKNOWN otherwise (the field is named). */
  requireKnown(pincode: string): DirectoryPlace {
    const place = placeOf(pincode.replace(/\s/g, ''));
    if (!place) {
      throw new AppError(400, ErrorCode.PincodeUnknown, `pincode: ${pincode} is not a pincode India Post lists. Please check it.`, {
        pincode,
        fields: ['pincode'],
      });
    }
    return place;
  }
}

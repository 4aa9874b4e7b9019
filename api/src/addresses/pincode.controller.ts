import { Controller, Get, Param } from '@nestjs/common';
import { Pincode } from '@haat/shared/addresses/address.schema';
import type { PincodePlace } from '@haat/shared/addresses/pincode';
import { ok } from '../common/envelope.js';
import { invalidField } from '../common/app-error.js';
import { PincodeService } from './pincode.service.js';
import { MINUTE, RateLimit } from '../throttle/index.js';

/**
 * The pincode lookup the product page's "Check delivery" and the address form call: public (a shopper
 * checks delivery before signing in), answered from the directory on the server so its data is not
 * in the shopper's bundle.
 */
@Controller('address')
export class PincodeController {
  constructor(private readonly pincodes: PincodeService) {}

  @Get('pincode/:pincode')
  // A shopper checks a few; a scraper walking the directory meets the limit (docs/product.md#rules-and-limits).
  @RateLimit({ ip: [60, MINUTE] })
  lookup(@Param('pincode') raw: string) {
    const parsed = Pincode.safeParse(raw);
    if (!parsed.success) throw invalidField('pincode', 'must be a 6-digit pincode (not starting with 0)');
    return ok<PincodePlace>(this.pincodes.lookup(parsed.data), 'Pincode');
  }
}

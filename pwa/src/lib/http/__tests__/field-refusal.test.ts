import { HTTPError, type NormalizedOptions } from 'ky';
import { describe, expect, it } from 'vitest';
import { fieldRefusal } from '../field-refusal';
import { stashProblemBody } from '../http-problem';

const refused = (body: Record<string, unknown>) => {
  const error = new HTTPError(new Response(null, { status: 409 }), new Request('http://x/api/store/create'), {} as NormalizedOptions);
  stashProblemBody(error, body);
  return error;
};

describe('a refused save mapped to the form field it names', () => {
  it("maps an API field path to the form's field by its first part, the message without the path", () => {
    const error = refused({ message: 'servesPincodes.2: pincode 560034 is already served by Haat Koramangala.', fields: ['servesPincodes.2'] });
    expect(fieldRefusal(error, ['name', 'servesPincodes'])).toEqual({
      field: 'servesPincodes',
      path: 'servesPincodes.2',
      message: 'Pincode 560034 is already served by Haat Koramangala.',
      status: 409,
    });
  });

  it('picks the part of a several-field message that names the field; an alias maps a path shown elsewhere', () => {
    const error = refused({ message: 'productId: unknown; variantId: the product has no option V9', fields: ['variantId'] });
    expect(fieldRefusal(error, ['product', 'option'], { variantId: 'option' })).toMatchObject({ field: 'option', message: 'The product has no option V9' });
  });

  it('a refusal naming no field of the form is for the whole form, still without any path', () => {
    expect(fieldRefusal(refused({ message: 'Idempotency-Key: reused', fields: ['Idempotency-Key'] }), ['name'])).toMatchObject({
      field: null,
      message: 'Reused',
    });
    expect(fieldRefusal(refused({ message: 'Store not found.' }), ['name'])).toMatchObject({ field: null, message: 'Store not found.' });
  });
});

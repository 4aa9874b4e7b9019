import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea as a Buffer (pg answers a Buffer, PGlite a Uint8Array: both are wrapped). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

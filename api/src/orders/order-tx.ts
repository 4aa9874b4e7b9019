import type { Db } from '../db/database.js';

/** A drizzle transaction: the steps of an order change run inside one and take it as an argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

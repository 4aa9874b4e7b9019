/** The envelope every API answer wears (ARCHITECTURE.md "Conventions that cross the wire"). */
export interface Envelope<T = unknown> {
  success: boolean;
  error: boolean;
  message: string;
  data?: T;
}

export interface ErrorEnvelope extends Envelope<undefined> {
  success: false;
  error: true;
  /** Machine-readable code, e.g. VALIDATION, NOT_FOUND, OUT_OF_STOCK. */
  code?: string;
  /** For validation errors: the fields at fault, e.g. ['price']. */
  fields?: string[];
}

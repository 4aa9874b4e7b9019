// The types of beckn-buyer-app.mjs for the API's TypeScript tests (whose program does not read JavaScript).
export interface RawKeys {
  seed: Buffer;
  publicKey: Buffer;
}
export function newKeys(): RawKeys;
export function libsodiumSecret(keys: RawKeys): string;
export function signedHeader(body: string, subscriberId: string, ukId: string, keys: RawKeys, createdAt?: number, lifetime?: number): string;
export function signatureHolds(header: string | undefined, body: string, publicKey: Buffer, subscriberId: string, ukId: string): boolean;

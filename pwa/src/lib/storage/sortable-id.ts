let lastTime = 0;
let counter = 0;

/**
 * Keys for outbox entries, which double as Idempotency-Keys: they sort by creation (time, then a
 * counter for writes within one millisecond), so the primary-key order of the outbox is the order
 * the shopper acted in; the random tail keeps two devices from ever choosing the same key.
 */
export function sortableId(now: number = Date.now()): string {
  if (now > lastTime) {
    lastTime = now;
    counter = 0;
  } else {
    counter += 1;
  }
  const random = crypto.getRandomValues(new Uint32Array(2));
  const tail = Array.from(random, (n) => n.toString(36).padStart(7, '0')).join('');
  return `${lastTime.toString(36).padStart(9, '0')}${counter.toString(36).padStart(4, '0')}${tail}`;
}

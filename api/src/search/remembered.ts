/**
 * `work(key)`, kept in `seen` once made: for pure work asked again and again with keys that repeat (a search's words,
 * the names on its page). Past `max` entries every one is forgotten at once and made again as asked.
 */
export function remembered<K, V>(seen: Map<K, V>, key: K, work: (key: K) => V, max: number): V {
  let value = seen.get(key);
  if (value === undefined) {
    if (seen.size >= max) seen.clear();
    seen.set(key, (value = work(key)));
  }
  return value;
}

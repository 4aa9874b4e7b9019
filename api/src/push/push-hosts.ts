/**
 * Where a push subscription may point (docs/decisions/0040-push-notices.md): the
 * browsers' push services, on the standard https port, and the hosts an operator adds with
 * PUSH_SERVICE_HOSTS (`host` or `host:port`, e.g. a push service of their own, or a test's stand-in).
 * Anything else — an address on the shop's own network, the cloud's metadata address, loopback, a name
 * that resolves there, another port — could aim the shop's requests at what the public cannot reach, so
 * it is refused when subscribing and dropped when sending.
 */
const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet, Opera, Brave
  '.push.services.mozilla.com', // Firefox
  '.notify.windows.com', // Edge on Windows
  '.push.apple.com', // Safari
];

/** The rule as one function of the endpoint URL, given the operator's added hosts. */
export function pushEndpointAllowed(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (extraHosts.some((allowed) => allowed.toLowerCase() === (url.port ? `${host}:${url.port}` : host))) return true;
  if (url.port) return false;
  return BROWSER_PUSH_SERVICES.some((service) => (service.startsWith('.') ? host.endsWith(service) && host.length > service.length : host === service));
}

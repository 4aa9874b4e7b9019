import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, as one operator hands them out: an IPv4 address's /24, an IPv6 address's /48 (a
 * site's prefix; a home or a phone gets a /56 or a /64 inside it). Strangers' sends are bounded per block as well as
 * per address, so a few hundred addresses of one network count as one (docs/decisions/0280-sign-in-by-mobile-number.md).
 */
export function networkBlock(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 3)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/48`;
}

import { isIPv6 } from 'node:net';
import type { LimitStore } from '../../lib/limit-store';

const MINUTE = 60_000;

/**
 * Whether the caller at `address` may have one more page or picture drawn now; true takes one from its budget. A
 * kept page or picture is never asked about: only draws that cost CPU count.
 */
export type FirstDraws = (address: string) => Promise<boolean>;

/** The eight groups of an IPv6 address, zero-filled ("2001:db8::1" → 2001:db8:0:0:0:0:0:1). */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  return [...left, ...Array.from({ length: Math.max(0, missing) }, () => '0'), ...right];
}

/**
 * Whose budget a request spends: an IPv4 address (also written IPv4-mapped), or an IPv6 address's /64, since one
 * subscriber commonly holds a whole /64 and could otherwise take a new address for every request.
 */
export function drawerKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split('%')[0].toLowerCase());
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The per-address budget of first draws (docs/product.md#first-draws: FIRST_DRAWS_PER_MINUTE pages and preview
 * images drawn anew), kept in the app's limit store (Redis with REDIS_URL, so every instance spends one budget).
 * `perMinute` 0 turns the limit off.
 */
export function firstDrawLimit(store: LimitStore, perMinute: number): FirstDraws {
  if (perMinute <= 0) return async () => true;
  return async (address) => {
    const taken = await store.take([{ key: `first-draw:${drawerKey(address)}`, max: perMinute, windowMs: MINUTE }]);
    return taken.allowed;
  };
}

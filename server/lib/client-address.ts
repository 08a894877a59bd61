// Who a request comes from, for limits and blocks (issue #34). Two rules:
//  - Which X-Forwarded-For entries to believe (TRUST_PROXY). Trusting every hop lets any client write its
//    own address into the left-most entry; only the hops the operator names are trusted: a count of
//    proxies in front of the server, or the proxies' own addresses/CIDR ranges.
//  - What a limit counts: an IPv4 address as it is, an IPv6 address by its /64. One home or one server
//    is given a whole /64 and can pick a new address in it for every request, so counting single IPv6
//    addresses would hand it 2^64 allowances.
import { isIP, isIPv4, isIPv6 } from 'node:net';

/** The trust setting read from TRUST_PROXY: off, a number of proxy hops, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like an address. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 32;

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be the number of reverse proxies in front of the server (1 for one proxy), or the proxies’ addresses or CIDR ranges ' +
  `separated by commas (e.g. 10.0.0.5,192.168.0.0/16, or loopback, linklocal, uniquelocal); unset or 0 trusts no proxy`;

/** Reads TRUST_PROXY; a value that is not a hop count or a list of addresses stops the server with a clear message. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_HOPS) throw new Error(`${TRUST_PROXY_HELP}; got ${hops} hops (at most ${MAX_HOPS})`);
    return hops;
  }
  if (/^(true|yes|on|all|\*)$/i.test(v)) {
    throw new Error(`${TRUST_PROXY_HELP}; got '${v}': trusting every hop would let any client choose its own address`);
  }
  const entries = v.split(',').map((e) => e.trim());
  for (const e of entries) if (!isProxyEntry(e)) throw new Error(`${TRUST_PROXY_HELP}; '${e}' in '${v}' is neither`);
  return entries.map((e) => e.toLowerCase());
}

function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry.toLowerCase())) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * What Fastify's `trustProxy` is given. A hop count becomes a function: Fastify itself treats a number as
 * "trust nothing", and `true` would trust every hop. With n hops, the socket's peer and the n-1 entries
 * nearest the end of X-Forwarded-For are proxies; the entry before them is the client.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
  return trust;
}

/** The key a limit or an address block counts a client under: IPv4 as is, IPv6 by its /64 ("2001:db8:1:2::/64"). */
export function addressKey(ip: string | undefined | null): string {
  if (!ip) return 'unknown';
  const address = ip.replace(/%.*$/, ''); // a zone index (fe80::1%eth0) names the interface, not the client
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  // An IPv4 client of a dual-stack socket arrives as ::ffff:a.b.c.d: it is that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (:: expanded, a trailing dotted IPv4 part converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * The values an address block is looked up under: the address itself (blocks entered before /64 keys,
 * or a value that is not an IP address) and its key, so blocking an IPv6 address blocks its /64.
 */
export function blockCandidates(ip: string | null): string[] {
  if (!ip) return [];
  const key = addressKey(ip);
  return key === ip ? [ip] : [ip, key];
}

/** How an address block is stored: an IPv6 address as its /64, anything else as entered. */
export function blockValue(value: string): string {
  const address = value.trim();
  return isIPv6(address) ? addressKey(address) : address;
}

/** @fastify/rate-limit's keyGenerator: the same key as the sign-in throttle and the correction limits. */
export const rateLimitKey = (req: { ip: string }) => addressKey(req.ip);

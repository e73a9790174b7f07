/**
 * Which address a request comes from. `X-Forwarded-For` is believed only through proxies the
 * operator trusts (TRUST_PROXY, with the semantics of Express's `trust proxy` and the `proxy-addr`
 * package): starting at the connection's peer, each trusted hop vouches for the address it
 * appended, and the first address that is not trusted is the caller. Anything further left was
 * written by the caller itself, so a client cannot pick its own address (and with it a fresh
 * per-address rate limit) by sending the header.
 *
 * Proxies append hops, and clients or misconfigured proxies can put anything there ("unknown",
 * "_hidden", a host name): a hop that is not an IP address ends the walk at the last address
 * known good, rather than being passed on (an upstream would refuse it, and the client would be
 * blamed for a header it did not write) or skipped (what lies beyond it is unvouched for).
 */
import { BlockList, isIP } from 'node:net';

/** Node reports IPv4 peers on dual-stack sockets as IPv4-mapped IPv6 (`::ffff:1.2.3.4`). */
const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** One hop as written, reduced to a bare address: brackets, an IPv4 port and mapping removed. */
function bareAddress(hop: string): string | undefined {
  let text = hop.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = MAPPED_V4.exec(text)?.[1] ?? text;
  return isIP(text) === 0 ? undefined : text;
}

/**
 * Whether the hop at `address` may vouch for the one before it; `hop` counts from the
 * connection's peer (0) leftwards through `X-Forwarded-For`, as in `proxy-addr`.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** proxy-addr's named ranges. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * TRUST_PROXY's default: proxies on this machine (a sidecar, a local nginx, the test runner) and
 * on the private network (a load balancer, an ingress, compose's nginx); never a public peer.
 */
export const DEFAULT_TRUST_PROXY = 'loopback, uniquelocal';

/**
 * Reads a TRUST_PROXY value: `true` (every hop, so the leftmost address wins), `false` (none:
 * the peer is the caller), a hop count, or a comma-separated list of `loopback`, `linklocal`,
 * `uniquelocal`, addresses and CIDR ranges. Throws a TypeError naming the entry it cannot read.
 */
export function parseTrustProxy(value: string): ProxyTrust {
  const text = value.trim().toLowerCase();
  if (text === 'true') return () => true;
  if (text === 'false') return () => false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const trusted = new BlockList();
  for (const entry of text.split(',').flatMap((item) => NAMED_RANGES[item.trim()] ?? [item.trim()])) {
    const [network = '', prefix] = entry.split('/');
    const family = isIP(network);
    const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
    if (family === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) || bits > (family === 4 ? 32 : 128)) {
      throw new TypeError(
        `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges; cannot read "${entry}"`,
      );
    }
    trusted.addSubnet(network, bits, family === 4 ? 'ipv4' : 'ipv6');
  }
  return (address) => trusted.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
}

/** TRUST_PROXY's default, compiled. */
export const defaultProxyTrust: ProxyTrust = parseTrustProxy(DEFAULT_TRUST_PROXY);

/**
 * A request handed over in-process (`yoga.fetch`, no socket) comes from the program embedding the
 * gateway on this machine: it is judged as a loopback peer, which stands where a proxy would.
 */
const IN_PROCESS_PEER = '127.0.0.1';

/**
 * The caller's address: the connection's peer, or, while the hop that delivered it is trusted,
 * the `X-Forwarded-For` hop before it. Undefined when nothing usable is known.
 */
export function callerAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  trust: ProxyTrust = defaultProxyTrust,
): string | undefined {
  let known = socketAddress ? bareAddress(socketAddress) : undefined;
  if (!forwardedFor || !trust(known ?? IN_PROCESS_PEER, 0)) return known;
  const hops = forwardedFor.split(',').reverse();
  for (const [index, hop] of hops.entries()) {
    const address = bareAddress(hop);
    if (address === undefined) return known;
    known = address;
    if (!trust(address, index + 1)) return address;
  }
  return known;
}

/** Ranges no country owns: unspecified, private, carrier-grade NAT, loopback, link-local. */
const NON_PUBLIC_V4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
];
const NON_PUBLIC_V6: readonly (readonly [string, number])[] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
];
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_V6) NON_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** Whether a (valid) address can belong to a country: not loopback, private or link-local. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

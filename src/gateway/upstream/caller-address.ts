/**
 * Which address a request comes from. Proxies append hops to `X-Forwarded-For`, and clients or
 * misconfigured proxies can put anything there ("unknown", "_hidden", a host name, a port): a hop
 * that is not an IP address is skipped rather than passed on, because an upstream would refuse it
 * and the client would be blamed for a header it did not write.
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

/** The valid addresses of an `X-Forwarded-For` header, client first; malformed hops are left out. */
export function parseForwardedFor(header: string | null | undefined): string[] {
  if (!header) return [];
  return header.split(',').flatMap((hop) => bareAddress(hop) ?? []);
}

/** The caller's address: the first valid forwarded hop, else the socket's address, else undefined. */
export function callerAddress(forwardedFor: string | null | undefined, socketAddress: string | undefined): string | undefined {
  return parseForwardedFor(forwardedFor)[0] ?? (socketAddress ? bareAddress(socketAddress) : undefined);
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

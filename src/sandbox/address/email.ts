/**
 * E-mail validation offline. Syntax follows RFC 5322 (`email-addresses`), with the UTF-8
 * mailboxes of RFC 6531/6532 allowed; the domain is checked against the disposable-domain
 * list of `disposable-email-domains` and the free-mail list of `freemail`; the mailbox name
 * against the role names of RFC 2142 and common practice. Deliverability and catch-all
 * status need the mail server, so they are only ever reported as false when the address
 * cannot possibly be delivered, and are null (result `unknown`) otherwise: never a guess.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { domainToASCII } from 'node:url';
import emailAddresses from 'email-addresses';
import type { EmailValidation } from './types.js';

const require = createRequire(import.meta.url);
const disposable = new Set(require('disposable-email-domains') as string[]);
// Wildcard entries cover every subdomain of the listed domain.
const disposableWildcards = new Set(require('disposable-email-domains/wildcard.json') as string[]);
const free = new Set(
  readFileSync(require.resolve('freemail/data/free.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** Mailbox names that stand for a function rather than a person (RFC 2142 and common practice). */
export const ROLE_MAILBOXES: ReadonlySet<string> = new Set([
  'abuse',
  'accounts',
  'admin',
  'administrator',
  'billing',
  'careers',
  'contact',
  'enquiries',
  'feedback',
  'help',
  'hello',
  'hostmaster',
  'hr',
  'info',
  'jobs',
  'legal',
  'mail',
  'marketing',
  'news',
  'noc',
  'noreply',
  'no-reply',
  'office',
  'postmaster',
  'press',
  'privacy',
  'root',
  'sales',
  'security',
  'service',
  'support',
  'team',
  'usenet',
  'uucp',
  'webmaster',
  'www',
]);

// Top-level names reserved never to be delegated in the public DNS (RFC 2606, RFC 6761).
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost']);

const MAX_LOCAL_OCTETS = 64;
const MAX_ADDRESS_OCTETS = 254;

const undeliverable = (flags: Pick<EmailValidation, 'disposable' | 'free' | 'role'>): EmailValidation => ({
  result: 'not_deliverable',
  deliverable: false,
  catchall: null,
  ...flags,
});

/** The domain and its parent domains down to two labels, longest first (`a.b.com`, `b.com`). */
function domainChain(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

function isDisposable(domain: string): boolean {
  const chain = domainChain(domain);
  return disposable.has(domain) || chain.slice(1).some((parent) => disposableWildcards.has(parent) || disposable.has(parent));
}

/** Parses a bare address (no display name, no angle brackets); undefined when it is not one. */
function parseMailbox(input: string): { local: string; domain: string } | undefined {
  const parsed = emailAddresses.parseOneAddress({ input, rfc6532: true });
  if (!parsed || parsed.type !== 'mailbox' || parsed.name !== null || parsed.address !== input) return undefined;
  return { local: parsed.local, domain: parsed.domain };
}

/** The verdict on one e-mail address. */
export function validateEmail(raw: string): EmailValidation {
  const input = raw.trim();
  const mailbox = parseMailbox(input);
  if (!mailbox) return undeliverable({ disposable: null, free: null, role: null });
  const isLiteral = mailbox.domain.startsWith('[');
  const domain = isLiteral ? mailbox.domain : domainToASCII(mailbox.domain.toLowerCase());
  const role = ROLE_MAILBOXES.has(mailbox.local.toLowerCase().replace(/\+.*$/, ''));
  if (domain === '') return undeliverable({ disposable: null, free: null, role });
  const flags = {
    disposable: !isLiteral && isDisposable(domain),
    free: !isLiteral && domainChain(domain).some((name) => free.has(name)),
    role,
  };
  const tld = domain.split('.').pop() ?? '';
  const tooLong = Buffer.byteLength(mailbox.local) > MAX_LOCAL_OCTETS || Buffer.byteLength(input) > MAX_ADDRESS_OCTETS;
  if (tooLong || (!isLiteral && (!domain.includes('.') || RESERVED_TLDS.has(tld)))) return undeliverable(flags);
  return { result: 'unknown', deliverable: null, catchall: null, ...flags };
}

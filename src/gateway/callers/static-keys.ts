/**
 * Static API keys (AUTH_API_KEYS_FILE) for server-to-server callers: a JSON array of
 * `{ id, sha256, scopes, tier?, limits? }`, read and checked once at start. The file holds only
 * the SHA-256 of each key, so reading it (or a backup of it) never reveals a key; a presented key
 * is hashed and compared with every entry in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { UpstreamName } from '../config.js';
import type { Caller, CallerLimits } from './caller.js';
import { AUTHENTICATED_TIER } from './tiers.js';

/** The header a static key is presented in. */
export const API_KEY_HEADER = 'x-api-key';

/** The headers that carry a caller's own credentials to the gateway: a bearer token or a static key. */
export const CALLER_CREDENTIAL_HEADERS: readonly string[] = ['authorization', API_KEY_HEADER];

/** The gateway's interfaces by name (config.ts derives them from the registry): a key's `dailyQuota` may name only these. */
export type KnownInterfaces = Readonly<Record<UpstreamName, unknown>>;

const ENTRY_PROPERTIES: ReadonlySet<string> = new Set(['id', 'sha256', 'scopes', 'tier', 'limits']);
const LIMITS_PROPERTIES: ReadonlySet<string> = new Set(['ratePerMinute', 'dailyQuota']);
/** Ids appear in logs and limit counters' keys: no spaces, quotes or `anonymous:` look-alikes. */
const CALLER_ID = /^[A-Za-z0-9._@-][A-Za-z0-9._:@-]{0,127}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/i;
/** RFC 6749's scope-token: printable ASCII without space, `"` or `\`. */
export const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
/** A presented key longer than this, or with other characters, is refused without being hashed. */
const PRESENTED_KEY = /^[\x21-\x7e]{1,512}$/;

/** One caller of the file, with the caller object every request with its key shares. */
interface StaticKeyEntry {
  sha256: Buffer;
  caller: Caller;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wholeNumber(value: unknown, minimum: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum;
}

function unknownProperties(value: Record<string, unknown>, known: ReadonlySet<string>): string[] {
  return Object.keys(value).filter((name) => !known.has(name));
}

function parseLimits(value: unknown, interfaces: KnownInterfaces): CallerLimits {
  if (!isObject(value)) throw new TypeError('limits must be an object { ratePerMinute?, dailyQuota? }');
  const extra = unknownProperties(value, LIMITS_PROPERTIES);
  if (extra.length > 0) throw new TypeError(`limits has unknown properties ${extra.join(', ')}; allowed: ratePerMinute, dailyQuota`);
  const limits: CallerLimits = {};
  if (value.ratePerMinute !== undefined) {
    if (!wholeNumber(value.ratePerMinute, 0))
      throw new TypeError('limits.ratePerMinute must be a whole number of at least 0 (0: unlimited)');
    limits.ratePerMinute = value.ratePerMinute;
  }
  if (value.dailyQuota !== undefined) {
    const quota = value.dailyQuota;
    if (!isObject(quota)) throw new TypeError('limits.dailyQuota must be an object of interface name → units per UTC day');
    const dailyQuota: Partial<Record<UpstreamName, number>> = {};
    for (const [name, calls] of Object.entries(quota)) {
      if (!(name in interfaces)) {
        throw new TypeError(`limits.dailyQuota names unknown interface "${name}"; allowed: ${Object.keys(interfaces).join(', ')}`);
      }
      if (!wholeNumber(calls, 0)) throw new TypeError(`limits.dailyQuota["${name}"] must be a whole number of at least 0`);
      dailyQuota[name as UpstreamName] = calls;
    }
    limits.dailyQuota = dailyQuota;
  }
  return limits;
}

function parseEntry(value: unknown, tiers: ReadonlySet<string>, interfaces: KnownInterfaces): StaticKeyEntry {
  if (!isObject(value)) throw new TypeError('must be an object { id, sha256, scopes, tier?, limits? }');
  const extra = unknownProperties(value, ENTRY_PROPERTIES);
  if (extra.length > 0) throw new TypeError(`has unknown properties ${extra.join(', ')}; allowed: ${[...ENTRY_PROPERTIES].join(', ')}`);
  const { id, sha256, scopes, tier, limits } = value;
  if (typeof id !== 'string' || !CALLER_ID.test(id) || id.startsWith('anonymous:')) {
    throw new TypeError('id must be 1 to 128 letters, digits or ._:@- (not starting with "anonymous:")');
  }
  if (typeof sha256 !== 'string' || !SHA256_HEX.test(sha256)) {
    throw new TypeError('sha256 must be the 64 hexadecimal digits of the SHA-256 of the key (never the key itself)');
  }
  if (!Array.isArray(scopes) || !scopes.every((scope): scope is string => typeof scope === 'string' && SCOPE_TOKEN.test(scope))) {
    throw new TypeError('scopes must be an array of scope names without spaces or quotes, e.g. ["write"]');
  }
  if (tier !== undefined && (typeof tier !== 'string' || !tiers.has(tier))) {
    throw new TypeError(`tier must be one of ${[...tiers].join(', ')} (AUTH_TIERS), got ${JSON.stringify(tier)}`);
  }
  return {
    sha256: Buffer.from(sha256, 'hex'),
    caller: {
      id,
      scopes: new Set(scopes),
      tier: typeof tier === 'string' ? tier : AUTHENTICATED_TIER,
      anonymous: false,
      ...(limits === undefined ? {} : { limits: parseLimits(limits, interfaces) }),
    },
  };
}

/** The callers of one keys file. */
export class StaticKeys {
  private constructor(private readonly entries: readonly StaticKeyEntry[]) {}

  /**
   * Reads the keys from JSON `text`; throws a TypeError naming `path` and the first bad entry
   * (by index and id), or a duplicate id or hash.
   */
  static parse(text: string, path: string, tiers: ReadonlySet<string>, interfaces: KnownInterfaces): StaticKeys {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new TypeError(`AUTH_API_KEYS_FILE ${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!Array.isArray(parsed))
      throw new TypeError(`AUTH_API_KEYS_FILE ${path} must be a JSON array of { id, sha256, scopes, tier?, limits? }`);
    const ids = new Set<string>();
    const hashes = new Set<string>();
    const entries = parsed.map((value: unknown, index) => {
      const named = isObject(value) && typeof value.id === 'string' ? ` (id "${value.id}")` : '';
      const where = `AUTH_API_KEYS_FILE ${path}: entry ${index}${named}`;
      let entry: StaticKeyEntry;
      try {
        entry = parseEntry(value, tiers, interfaces);
      } catch (error) {
        throw new TypeError(`${where} ${error instanceof Error ? error.message : String(error)}`);
      }
      const hash = entry.sha256.toString('hex');
      if (ids.has(entry.caller.id)) throw new TypeError(`${where} repeats an id; each caller needs its own`);
      if (hashes.has(hash)) throw new TypeError(`${where} has the same sha256 as an earlier entry; one key names one caller`);
      ids.add(entry.caller.id);
      hashes.add(hash);
      return entry;
    });
    return new StaticKeys(entries);
  }

  /** Reads the keys file at `path` (see `parse`). */
  static load(path: string, tiers: ReadonlySet<string>, interfaces: KnownInterfaces): StaticKeys {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      throw new TypeError(`AUTH_API_KEYS_FILE ${path} cannot be read (${code})`);
    }
    return StaticKeys.parse(text, path, tiers, interfaces);
  }

  /** How many callers the file names. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * The caller whose key `key` is, or undefined. Every entry is compared, with no early exit, so
   * the time taken says nothing about which entry (if any) matched.
   */
  find(key: string): Caller | undefined {
    if (!PRESENTED_KEY.test(key)) return undefined;
    const digest = createHash('sha256').update(key).digest();
    let found: Caller | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(digest, entry.sha256) && found === undefined) found = entry.caller;
    }
    return found;
  }
}

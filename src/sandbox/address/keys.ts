/**
 * API keys of the sandbox: their balances, limits, allowed URLs and datasets, and the log of
 * paid lookups that the usage report and the CSV download are computed from. Keys are seeded
 * at start; the log lives in memory for the life of the sandbox.
 */
import type { DatasetAccess } from './uk-index.js';

/** A key the sandbox knows, as seeded. */
export interface SeedKey {
  key: string;
  /** Token for the account operations (details, usage, configs, licensees); none means no access. */
  userToken?: string;
  /** Paid lookups left; null for the vendor's test keys, which are never charged. */
  balance?: number | null;
  dailyLimit?: number | null;
  individualLimit?: number | null;
  /** Origins the key may be used from (checked against `Origin`/`Referer`); empty means any. */
  allowedUrls?: string[];
  datasets?: Partial<DatasetAccess>;
  /** Countries (ISO alpha-3) the key's address search covers; the first is the default. */
  contexts?: string[];
  notificationEmails?: string[];
}

export interface KeyRecord {
  key: string;
  userToken: string | undefined;
  balance: number | null;
  /** The seeded balance, shown as the key's one purchase. */
  purchased: number | null;
  dailyLimit: number | null;
  individualLimit: number | null;
  allowedUrls: string[];
  datasets: DatasetAccess;
  contexts: string[];
  notificationEmails: string[];
}

/** One paid lookup, as the usage log keeps it. */
export interface LookupEntry {
  time: number;
  ip: string;
  term: string;
  url: string;
  operation: string;
  tags: string[];
  licensee?: string;
}

/** The ordinary sandbox key and its user token: what the gateway uses against the sandbox. */
export const SANDBOX_API_KEY = 'ak_sandbox';
export const SANDBOX_USER_TOKEN = 'uk_sandbox';

/** The vendor's documented test keys plus one ordinary sandbox key with a user token. */
export const DEFAULT_KEYS: readonly SeedKey[] = [
  { key: 'iddqd', balance: null, datasets: { paf: true, mr: false, nyb: false }, contexts: ['GBR', 'USA'] },
  { key: 'iddqdmr', balance: null, datasets: { paf: true, mr: true, nyb: false }, contexts: ['GBR', 'USA'] },
  { key: 'idkfa', balance: 0, contexts: ['GBR'] },
  {
    key: SANDBOX_API_KEY,
    userToken: SANDBOX_USER_TOKEN,
    balance: 10_000,
    datasets: { paf: true, mr: true, nyb: false },
    contexts: ['GBR', 'USA'],
    notificationEmails: ['sandbox@example.invalid'],
  },
];

const DAY_MS = 86_400_000;

function record(seed: SeedKey): KeyRecord {
  const balance = seed.balance === undefined ? 1_000 : seed.balance;
  return {
    key: seed.key,
    userToken: seed.userToken,
    balance,
    purchased: balance,
    dailyLimit: seed.dailyLimit ?? null,
    individualLimit: seed.individualLimit ?? null,
    allowedUrls: seed.allowedUrls ?? [],
    datasets: { paf: true, mr: false, nyb: false, ...seed.datasets },
    contexts: seed.contexts ?? ['GBR'],
    notificationEmails: seed.notificationEmails ?? [],
  };
}

export class KeyStore {
  private readonly keys: Map<string, KeyRecord>;
  private readonly log = new Map<string, LookupEntry[]>();

  constructor(
    seeds: readonly SeedKey[],
    private readonly now: () => number,
  ) {
    this.keys = new Map(seeds.map((seed) => [seed.key, record(seed)]));
  }

  find(key: string): KeyRecord | undefined {
    return this.keys.get(key);
  }

  /** Paid lookups of a key, oldest first. */
  entries(key: string): readonly LookupEntry[] {
    return this.log.get(key) ?? [];
  }

  /** Lookups of the key today (UTC), all IPs or one. */
  countToday(key: string, ip?: string): number {
    const dayStart = Math.floor(this.now() / DAY_MS) * DAY_MS;
    return this.entries(key).filter((entry) => entry.time >= dayStart && (ip === undefined || entry.ip === ip)).length;
  }

  /** Whether a request from this origin may use the key (4011 otherwise). */
  allowsOrigin(key: KeyRecord, origin: string | undefined): boolean {
    if (key.allowedUrls.length === 0 || origin === undefined) return true;
    return key.allowedUrls.some((allowed) => originOf(allowed) === origin);
  }

  /** The vendor code that refuses a paid lookup now (4020 or 4021), if any. */
  refusal(key: KeyRecord, ip: string): 4020 | 4021 | undefined {
    if (key.balance !== null && key.balance <= 0) return 4020;
    if (key.dailyLimit !== null && this.countToday(key.key) >= key.dailyLimit) return 4021;
    if (key.individualLimit !== null && this.countToday(key.key, ip) >= key.individualLimit) return 4021;
    return undefined;
  }

  /** Records a paid lookup and takes it off the balance (test keys are never charged). */
  charge(key: KeyRecord, entry: Omit<LookupEntry, 'time'>): void {
    if (key.balance !== null) key.balance -= 1;
    const list = this.log.get(key.key) ?? [];
    list.push({ ...entry, time: this.now() });
    this.log.set(key.key, list);
  }
}

/** The origin (`scheme://host[:port]`) of a URL or header value, undefined if it is not a URL. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

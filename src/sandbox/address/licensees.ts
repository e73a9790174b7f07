/**
 * Licensees of a key, persisted in `<dataDir>/licensees.json`. Ids and licensee keys are
 * derived from a seed, the API key and a per-key counter, so a given sequence of creations
 * always yields the same identifiers (sandbox data, reproducible in tests).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fail } from './envelope.js';
import { JsonFileStore } from '../json-file-store.js';
import type { Licensee } from './types.js';
import { normalisePostcode } from './uk-postcode.js';

/** The settable properties, as the request body carries them. */
export interface LicenseeInput {
  name?: string;
  address?: string;
  postcode?: string;
  whitelist?: string[];
  daily?: { limit?: number | null };
}

/** A licensee as stored: today's count is computed from the usage log when it is read. */
export type StoredLicensee = Omit<Licensee, 'daily'> & { dailyLimit: number | null };

type LicenseesDocument = Record<string, { created: number; licensees: StoredLicensee[] }>;

export interface LicenseePage {
  licensees: StoredLicensee[];
  hasMore: boolean;
}

function invalid(path: string, message: string): never {
  return fail(4001, { errors: [{ message, path, errorCode: 'validation' }] });
}

function checkedPostcode(postcode: string | undefined): string | undefined {
  if (postcode === undefined || postcode === '') return postcode;
  return normalisePostcode(postcode) ?? invalid('.body.postcode', `postcode "${postcode}" is not a UK postcode`);
}

export class LicenseeStore {
  private readonly store: JsonFileStore<LicenseesDocument>;

  constructor(
    dataDir: string,
    private readonly seed: string,
    private readonly now: () => number,
  ) {
    this.store = new JsonFileStore(join(dataDir, 'licensees.json'), () => ({}));
  }

  private identifiers(key: string, serial: number): { id: string; licenseeKey: string } {
    const digest = createHash('sha256').update(`${this.seed}|${key}|${serial}`).digest();
    return { id: digest.subarray(0, 12).toString('hex'), licenseeKey: `sk_${digest.subarray(12, 30).toString('base64url')}` };
  }

  async list(key: string, options: { startingAfter?: string; limit: number; query?: string }): Promise<LicenseePage> {
    let licensees = (await this.store.read())[key]?.licensees ?? [];
    if (options.query) {
      const wanted = options.query.toLowerCase();
      licensees = licensees.filter((licensee) => licensee.name.toLowerCase().includes(wanted));
    }
    if (options.startingAfter !== undefined) {
      const index = licensees.findIndex((licensee) => licensee.id === options.startingAfter);
      if (index < 0) fail(4045, { message: `No licensee with id ${options.startingAfter}` });
      licensees = licensees.slice(index + 1);
    }
    return { licensees: licensees.slice(0, options.limit), hasMore: licensees.length > options.limit };
  }

  async get(key: string, licenseeKey: string): Promise<StoredLicensee> {
    const licensees = (await this.store.read())[key]?.licensees ?? [];
    return licensees.find((licensee) => licensee.key === licenseeKey) ?? fail(4045);
  }

  create(key: string, input: LicenseeInput): Promise<StoredLicensee> {
    const name = input.name?.trim() || invalid('.body.name', 'name is required');
    const postcode = checkedPostcode(input.postcode) ?? '';
    return this.store.update((document) => {
      const entry = (document[key] ??= { created: 0, licensees: [] });
      entry.created += 1;
      const { id, licenseeKey } = this.identifiers(key, entry.created);
      const licensee: StoredLicensee = {
        id,
        key: licenseeKey,
        createdAt: new Date(this.now()).toISOString(),
        name,
        address: input.address ?? '',
        postcode,
        whitelist: input.whitelist ?? [],
        dailyLimit: input.daily?.limit ?? null,
      };
      entry.licensees.push(licensee);
      return licensee;
    });
  }

  update(key: string, licenseeKey: string, input: LicenseeInput): Promise<StoredLicensee> {
    if (input.name !== undefined && input.name.trim() === '') invalid('.body.name', 'name must not be empty');
    const postcode = checkedPostcode(input.postcode);
    return this.store.update((document) => {
      const licensee = document[key]?.licensees.find((candidate) => candidate.key === licenseeKey) ?? fail(4045);
      if (input.name !== undefined) licensee.name = input.name.trim();
      if (input.address !== undefined) licensee.address = input.address;
      if (postcode !== undefined) licensee.postcode = postcode;
      if (input.whitelist !== undefined) licensee.whitelist = input.whitelist;
      if (input.daily && 'limit' in input.daily) licensee.dailyLimit = input.daily.limit ?? null;
      return licensee;
    });
  }

  remove(key: string, licenseeKey: string): Promise<number> {
    return this.store.update((document) => {
      const licensees = document[key]?.licensees ?? [];
      const index = licensees.findIndex((licensee) => licensee.key === licenseeKey);
      if (index < 0) fail(4045);
      licensees.splice(index, 1);
      return 1;
    });
  }
}

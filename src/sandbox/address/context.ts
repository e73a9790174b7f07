/**
 * What every handler of the address sandbox shares: the data, the keys, the stores and the
 * clock, plus the helpers that charge a lookup and read the text query.
 */
import type { SandboxRequest } from '../sandbox-server.js';
import { requestOrigin } from './auth.js';
import type { ConfigStore } from './configs.js';
import { fail } from './envelope.js';
import type { KeyRecord, KeyStore } from './keys.js';
import type { LicenseeStore } from './licensees.js';
import type { PlaceIndex } from './places.js';
import type { UkAddressIndex } from './uk-index.js';

export interface AddressContext {
  uk: UkAddressIndex;
  keys: KeyStore;
  configs: ConfigStore;
  licensees: LicenseeStore;
  places: PlaceIndex;
  now: () => number;
}

/** Operations that take a lookup off the key's balance when they return something. */
export const PAID_OPERATIONS: ReadonlySet<string> = new Set([
  'addresses',
  'resolveUkAddress',
  'resolveUsAddress',
  'cleanseAddress',
  'emailValidation',
  'postcodeAddresses',
  'addressByUdprn',
  'addressByUmprn',
  'place',
  'phoneNumberValidation',
]);

/** Logs a paid lookup against the key (the usage report and CSV log read this). */
export function charge(context: AddressContext, request: SandboxRequest, key: KeyRecord, term: string, tags: string[] = []): void {
  context.keys.charge(key, {
    ip: request.clientIp,
    term,
    url: requestOrigin(request) ?? '',
    operation: request.operationId,
    tags,
    licensee: request.query.get('licensee') ?? undefined,
  });
}

/**
 * The text query of a request: the documented `query`, or the vendor's short alias `q`
 * (which the document leaves out, so it is checked here against the same bounds).
 */
export function textQuery(request: SandboxRequest, maxLength: number, required = true): string | undefined {
  const documented = request.params.query.query;
  const text = typeof documented === 'string' ? documented : (request.query.get('q') ?? undefined);
  if (text === undefined || text.trim() === '') {
    return required
      ? fail(4001, { errors: [{ message: 'query is required', path: '.query.query', errorCode: 'required.openapi.validation' }] })
      : undefined;
  }
  if (text.length > maxLength) {
    fail(4001, {
      errors: [
        {
          message: `query must NOT have more than ${maxLength} characters`,
          path: '.query.query',
          errorCode: 'maxLength.openapi.validation',
        },
      ],
    });
  }
  return text;
}

/** The vendor's `limit` or its short alias `l`. */
export function limitOf(request: SandboxRequest, fallback = 10): number {
  const documented = request.params.query.limit;
  if (typeof documented === 'number') return documented;
  const alias = Number(request.query.get('l'));
  return Number.isInteger(alias) && alias >= 1 && alias <= 100 ? alias : fallback;
}

/** Keeps only the listed properties of a record (the vendor's `filter` parameter). */
export function pickFields<T extends object>(record: T, fields: unknown): Partial<T> | T {
  if (!Array.isArray(fields) || fields.length === 0) return record;
  return Object.fromEntries(Object.entries(record).filter(([name]) => fields.includes(name))) as Partial<T>;
}

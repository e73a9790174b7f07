/**
 * Sandbox C: the address interface (Ideal Postcodes API v1) on real data. UK addresses are
 * the vendor's own recordings (see `data/uk-sample.ts`); US addresses are parsed from text and
 * checked against the ZIP dataset; e-mail, phone, place and key operations are computed.
 * Configs and licensees persist under `dataDir`.
 */
import { fileURLToPath } from 'node:url';
import { OpenApiContract } from '../openapi-contract.js';
import type { SandboxDefinition } from '../sandbox-server.js';
import { createGuard } from './auth.js';
import { ConfigStore } from './configs.js';
import { type AddressContext, PAID_OPERATIONS } from './context.js';
import { UK_SAMPLE } from './data/uk-sample.js';
import { addressErrorEnvelope } from './envelope.js';
import { adminHandlers } from './handlers/admin.js';
import { autocompleteHandlers } from './handlers/autocomplete.js';
import { preflightHandlers } from './handlers/cors.js';
import { keyHandlers } from './handlers/keys.js';
import { searchHandlers } from './handlers/search.js';
import { ukLookupHandlers } from './handlers/uk-lookups.js';
import { validationHandlers } from './handlers/validation.js';
import { DEFAULT_KEYS, KeyStore, type SeedKey } from './keys.js';
import { LicenseeStore } from './licensees.js';
import { PlaceIndex } from './places.js';
import { SlidingWindowLimiter } from './rate-limit.js';
import { UkAddressIndex } from './uk-index.js';

export { DEFAULT_KEYS, SANDBOX_API_KEY, SANDBOX_USER_TOKEN, type SeedKey } from './keys.js';

/** The path of the OpenAPI document the sandbox serves. */
export const ADDRESS_DOCUMENT_PATH = fileURLToPath(new URL('../../../schema/address.yaml', import.meta.url));

const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../var/address/', import.meta.url));

export interface AddressSandboxOptions {
  /** Where configs and licensees are kept (default `var/address/` in the repository). */
  dataDir?: string;
  /** Clock in milliseconds since the epoch (default `Date.now`). */
  now?: () => number;
  /** Requests per second allowed per client IP before answering 503 (default 30, as the vendor). */
  requestsPerSecond?: number;
  /** The keys the sandbox accepts (default: the vendor's test keys and `ak_sandbox`/`uk_sandbox`). */
  keys?: readonly SeedKey[];
  /** Seed of generated identifiers (licensee ids and keys). */
  seed?: string;
}

// Both are read-only and costly to build; sandboxes of one process share them.
let sharedContract: OpenApiContract | undefined;
let sharedPlaces: PlaceIndex | undefined;

/** Builds the address sandbox; start it with `startSandbox`. */
export function createAddressSandbox(options: AddressSandboxOptions = {}): SandboxDefinition {
  const now = options.now ?? Date.now;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  sharedContract ??= new OpenApiContract(ADDRESS_DOCUMENT_PATH);
  const contract = sharedContract;
  const uk = new UkAddressIndex(UK_SAMPLE.map((entry) => entry.address));
  sharedPlaces ??= new PlaceIndex(uk.visible({ paf: true, mr: false, nyb: false }));
  const keys = new KeyStore(options.keys ?? DEFAULT_KEYS, now);
  const context: AddressContext = {
    uk,
    keys,
    configs: new ConfigStore(dataDir, now),
    licensees: new LicenseeStore(dataDir, options.seed ?? 'address-sandbox', now),
    places: sharedPlaces,
    now,
  };
  return {
    name: 'address',
    contract,
    errors: addressErrorEnvelope,
    guard: createGuard({
      contract,
      keys,
      limiter: new SlidingWindowLimiter(options.requestsPerSecond ?? 30, 1000, now),
      paid: PAID_OPERATIONS,
    }),
    maxBodyBytes: 64 * 1024,
    handlers: {
      ...ukLookupHandlers(context),
      ...searchHandlers(context),
      ...autocompleteHandlers(context),
      ...validationHandlers(context),
      ...keyHandlers(context),
      ...adminHandlers(context),
      ...preflightHandlers(contract),
    },
  };
}

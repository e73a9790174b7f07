/**
 * The per-request DataLoaders; a new set for every GraphQL request, each loader made when a
 * resolver first asks for it: a query about one country should not build A's eleven loaders and
 * their date ranges. It lists the features' loaders (and the one interface loader they share), so
 * it sits with the features, above the interfaces it reads; the request context (context.ts)
 * takes it from here, as graph-modules.ts takes the slices' schema modules.
 */
import type { Clock } from '../clock.js';
import type { UpstreamCaller } from '../upstream/upstream-fetch.js';
import { createCountryByCodeLoader } from '../interfaces/country-data/country-loader.js';
import { type CryptoAnalyticsLoaders, createCryptoAnalyticsLoaders } from './token-graph/loaders.js';
import { createUsdPerErgLoader } from './money/erg-price-loader.js';
import { createRatesLoader } from './money/rate-loader.js';

export interface Loaders {
  /** Whole country records by any code. */
  countryByCode: ReturnType<typeof createCountryByCodeLoader>;
  /** Country records holding only `fields` (with `codes`), one loader per distinct list; whole records when undefined. */
  countryByCodeWith(fields: readonly string[] | undefined): ReturnType<typeof createCountryByCodeLoader>;
  cryptoAnalytics: CryptoAnalyticsLoaders;
  rates: ReturnType<typeof createRatesLoader>;
  usdPerErg: ReturnType<typeof createUsdPerErgLoader>;
}

/** Makes each loader when it is first read, then keeps it for the rest of the request. */
class RequestLoaders implements Loaders {
  #countryByCode: Loaders['countryByCode'] | undefined;
  readonly #countryByCodeWith = new Map<string, Loaders['countryByCode']>();
  #cryptoAnalytics: Loaders['cryptoAnalytics'] | undefined;
  #rates: Loaders['rates'] | undefined;
  #usdPerErg: Loaders['usdPerErg'] | undefined;

  constructor(private readonly caller: UpstreamCaller & { clock: Clock }) {}

  get countryByCode(): Loaders['countryByCode'] {
    return (this.#countryByCode ??= createCountryByCodeLoader(this.caller));
  }

  countryByCodeWith(fields: readonly string[] | undefined): Loaders['countryByCode'] {
    if (!fields) return this.countryByCode;
    const key = fields.join(',');
    let loader = this.#countryByCodeWith.get(key);
    if (!loader) this.#countryByCodeWith.set(key, (loader = createCountryByCodeLoader(this.caller, fields)));
    return loader;
  }

  get cryptoAnalytics(): Loaders['cryptoAnalytics'] {
    return (this.#cryptoAnalytics ??= createCryptoAnalyticsLoaders(this.caller));
  }

  get rates(): Loaders['rates'] {
    return (this.#rates ??= createRatesLoader(this.caller));
  }

  get usdPerErg(): Loaders['usdPerErg'] {
    return (this.#usdPerErg ??= createUsdPerErgLoader(this.caller));
  }
}

export function createLoaders(caller: UpstreamCaller & { clock: Clock }): Loaders {
  return new RequestLoaders(caller);
}

/** Interface D, REST Countries: a bearer key, failures as `{ errors: [{ message }] }`, slowly changing records. */
import { defineInterface } from '../interface-definition.js';
import { fallbackMessage, field, parseJson } from '../../upstream/vendor-profile.js';

const DOCUMENT = new URL('../../../../schema/country-data.yaml', import.meta.url);

/** The Mesh artefact's list of D's sortable country paths (sortable-paths.ts), read by ../argument-limits.ts. */
export const COUNTRY_SORT_PATHS_FILE = 'country-sort-paths.json';

/** REST Countries' documented public demo key; the sandbox accepts it too. */
export const COUNTRY_DEMO_KEY = 'rc_live_demo';

export const countryDataInterface = defineInterface({
  name: 'country-data',
  variables: { url: 'COUNTRY_API_URL', key: 'COUNTRY_API_KEY', dailyQuota: 'DAILY_QUOTA_COUNTRY' },
  defaultKey: COUNTRY_DEMO_KEY,
  sandbox: 'country-data',
  meshSource: new URL('./mesh-source.yml', import.meta.url),
  vendor: {
    document: DOCUMENT,
    clientHeaders: { key: 'x-country-api-key' },
    slowlyChanging: /^\/(countries\/v5|currencies\/v1\/(symbols|rates))(\/|$)/,
    authHeaders: ({ key }): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {}),
    describeFailure: (status, body) => {
      const errors = field(parseJson(body), 'errors');
      const first = Array.isArray(errors) ? field(errors[0], 'message') : undefined;
      return { message: typeof first === 'string' ? first : fallbackMessage(status, body) };
    },
    // D lists and searches ask for only the record fields a query selects (response_fields).
    trimming: { keep: 'response_fields', omit: 'response_fields_omit', records: ['data', 'objects'] },
    // The cheapest documented GET: the small list of currency symbols.
    probePath: () => '/currencies/v1/symbols',
  },
  resolverTypes: {
    module: new URL('./wire.js', import.meta.url),
    mappers: {
      Country: 'CountryWire',
      CountryNames: 'CountryNamesWire',
      CountryPage: 'CountryPageWire',
      ExchangeRateTable: 'RateTableWire',
      IpLookup: 'IpLookupWire',
      UserAgentBrowser: 'UserAgentPartWire',
      UserAgentOs: 'UserAgentPartWire',
      UserAgentDevice: 'UserAgentPartWire',
    },
  },
  liveFeeds: [{ name: 'rates', intervalMs: 60_000, follows: '`exchangeRate` and `currencyRates`' }],
  // The sortable country paths, which argument-limits.ts reads (parsing the YAML took a tenth of a start).
  buildFacts: async () => {
    const { countrySortPaths } = await import('./sortable-paths.js');
    return new Map([[COUNTRY_SORT_PATHS_FILE, `${JSON.stringify([...countrySortPaths(DOCUMENT)], null, 1)}\n`]]);
  },
  graph: async () => (await import('./index.js')).countryDataModule,
});

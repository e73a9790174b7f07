/**
 * The lean peer of `npm run bench`: the server a team would write by hand for the bench's three
 * queries instead of running a gateway. graphql-yoga over node:http, resolvers written for these
 * fields alone, undici to interface D; no plugins, no request log, no limits, no cache. It asks
 * D what the gateway asks (the country, the list, one USD rate table per request for every
 * rate), but, like the other peers, for whole records: it sends no `response_fields`, which
 * hand-written code would have to keep in step with every query.
 *
 * The bench bundles it with esbuild (as the gateway's build bundles dist/main.js) and runs the
 * bundle with PORT and COUNTRY_API_URL set.
 */
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
import { Pool } from 'undici';

interface CountryRecord {
  uuid: string;
  names: { common: string; official: string };
  codes: { alpha_2: string; alpha_3: string; ccn3: string | null };
  currencies?: { code: string }[];
  region: string | null;
  subregion: string | null;
  population: number | null;
  landlocked: boolean | null;
}

interface Context {
  /** The USD rate table, fetched once per request by the first rate that needs it. */
  usdRates?: Promise<Record<string, number>>;
}

const COUNTRY_API_URL = process.env.COUNTRY_API_URL;
if (!COUNTRY_API_URL) throw new TypeError('COUNTRY_API_URL must be set');
const upstream = new URL(COUNTRY_API_URL);
/** Keep-alive connections to D; as many as the bench's load has requests in flight. */
const pool = new Pool(upstream.origin, { connections: 16 });
const headers = { accept: 'application/json', authorization: `Bearer ${process.env.COUNTRY_API_KEY ?? 'rc_live_demo'}` };

/** The `data.objects` of one of D's answers. */
async function objects<T>(path: string): Promise<T[]> {
  const { statusCode, body } = await pool.request({ path: `${upstream.pathname.replace(/\/$/, '')}${path}`, method: 'GET', headers });
  if (statusCode !== 200) {
    await body.dump();
    throw new Error(`country-data answered ${statusCode} to ${path}`);
  }
  const answer = (await body.json()) as { data: { objects: T[] } };
  return answer.data.objects;
}

const schema = createSchema<Context>({
  typeDefs: /* GraphQL */ `
    type Query {
      country(code: String!): Country
      countries(limit: Int = 25): CountryPage
    }
    type CountryPage {
      nodes: [Country!]!
    }
    type Country {
      uuid: ID!
      names: CountryNames!
      codes: CountryCodes!
      region: String
      subregion: String
      population: Int
      landlocked: Boolean
      currencyRate(to: String!): Float
    }
    type CountryNames {
      common: String!
      official: String!
    }
    type CountryCodes {
      alpha2: String!
      alpha3: String!
      ccn3: String
    }
  `,
  resolvers: {
    Query: {
      country: async (_: unknown, { code }: { code: string }) =>
        (await objects<CountryRecord>(`/countries/v5/code?q=${encodeURIComponent(code)}`))[0] ?? null,
      countries: async (_: unknown, { limit }: { limit: number }) => ({
        nodes: await objects<CountryRecord>(`/countries/v5?limit=${limit}`),
      }),
    },
    CountryCodes: {
      alpha2: (codes: CountryRecord['codes']) => codes.alpha_2,
      alpha3: (codes: CountryRecord['codes']) => codes.alpha_3,
    },
    Country: {
      currencyRate: async (country: CountryRecord, { to }: { to: string }, context: Context) => {
        const from = country.currencies?.[0]?.code;
        if (!from) return null;
        context.usdRates ??= objects<{ rates: Record<string, number> }>('/currencies/v1/rates?base=USD').then(
          (tables) => tables[0]?.rates ?? {},
        );
        const rates = await context.usdRates;
        const toRate = rates[to];
        const fromRate = rates[from];
        return toRate === undefined || fromRate === undefined ? null : toRate / fromRate;
      },
    },
  },
});

const yoga = createYoga({ schema, graphiql: false, landingPage: false, logging: false });
const port = Number(process.env.PORT ?? 4200);
createServer(yoga).listen(port, '127.0.0.1', () => {
  console.log(`lean peer on http://127.0.0.1:${port}/graphql`);
});

/**
 * Sandbox of interface D (REST Countries v5 compatible): the vendor's paths, Bearer or `api-key`
 * auth, `data.objects`/`meta` envelope and `errors[]` failures, over real data from npm.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { OpenApiContract } from '../openapi-contract.js';
import {
  type ErrorEnvelope,
  SandboxAnswer,
  type SandboxDefinition,
  type SandboxHandler,
  type SandboxRequest,
  type SandboxResponse,
} from '../sandbox-server.js';
import { type CountryRecord, countryRecords } from './country-records.js';
import { containsAt, equalsAt, isKnownPath, matchesCode, matchesFreeText, matchesName, project, sortBy } from './country-search.js';
import { isSupportedCurrency, RATES_DATE, rate, ratesFor, supportedCurrencies } from './currency-rates.js';
import { ipVersion, locateIp } from './ip-location.js';
import { parseUserAgent } from './user-agent.js';

/**
 * The vendor's published demo key, accepted by the sandbox too. The gateway keeps its own copy of
 * this public value: sandbox and product do not import each other.
 */
export const DEMO_KEY = 'rc_live_demo';

export interface CountryDataSandboxOptions {
  /** Accepted keys; a frozen key answers 403 as an exhausted quota does. */
  keys?: Record<string, { frozen?: boolean }>;
}

const DOCUMENT = fileURLToPath(new URL('../../../schema/country-data.yaml', import.meta.url));
const RESERVED_QUERY = new Set(['q', 'limit', 'offset', 'sort', 'pretty', 'response_fields', 'response_fields_omit', 'api-key']);

const failure = (status: number, message: string): SandboxResponse => ({ status, body: { errors: [{ message }] } });

const errors: ErrorEnvelope = {
  badRequest: (issues) => ({ status: 400, body: { errors: issues.map((issue) => ({ message: issue.message })) } }),
  notFound: (message) => failure(404, message),
  internal: (message) => failure(500, message),
};

interface Paging {
  limit: number;
  offset: number;
}

/** Country records change rarely and rates daily; both say so, as a CDN-fronted API would. */
const CACHE_RECORDS = { 'cache-control': 'public, max-age=86400' };
const CACHE_RATES = { 'cache-control': 'public, max-age=3600' };
const NO_STORE = { 'cache-control': 'no-store' };

function withHeaders(response: SandboxResponse, headers: Record<string, string>): SandboxResponse {
  return { ...response, headers: { ...response.headers, ...headers } };
}

function envelope(objects: unknown[], total: number, paging: Paging): SandboxResponse {
  return {
    status: 200,
    body: {
      data: {
        objects,
        meta: {
          total,
          count: objects.length,
          limit: paging.limit,
          offset: paging.offset,
          more: paging.offset + objects.length < total,
          request_id: randomUUID(),
        },
      },
    },
  };
}

function single(object: unknown): SandboxResponse {
  return envelope([object], 1, { limit: 1, offset: 0 });
}

function keyOf(request: SandboxRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  return bearer ?? request.query.get('api-key') ?? undefined;
}

function countryPage(request: SandboxRequest, matches: CountryRecord[]): SandboxResponse {
  const query = request.params.query;
  const sorted = typeof query.sort === 'string' ? sortBy(matches, query.sort) : matches;
  const paging = { limit: Number(query.limit ?? 25), offset: Number(query.offset ?? 0) };
  const keep = query.response_fields as string[] | undefined;
  const drop = query.response_fields_omit as string[] | undefined;
  const page = sorted.slice(paging.offset, paging.offset + paging.limit).map((record) => project(record, keep, drop));
  return withHeaders(envelope(page, matches.length, paging), CACHE_RECORDS);
}

function requireKnownProperty(records: readonly CountryRecord[], property: string): void {
  if (!isKnownPath(records, property)) {
    throw new SandboxAnswer(failure(404, `Unknown property "${property}".`));
  }
}

function requireCurrency(name: string, code: unknown): string {
  const upper = String(code).toUpperCase();
  if (!isSupportedCurrency(upper)) throw new SandboxAnswer(failure(400, `Unsupported currency for ${name}: "${String(code)}".`));
  return upper;
}

function ipAnswer(ip: string): SandboxResponse {
  if (ipVersion(ip) === 0) return failure(400, `Invalid IP address: "${ip}".`);
  return withHeaders(single(locateIp(ip, countryRecords())), NO_STORE);
}

function handlers(): Record<string, SandboxHandler> {
  const records = countryRecords();
  const filtered = (predicate: (record: CountryRecord) => boolean) => records.filter(predicate);
  return {
    listCountries: (request) => {
      const filters = [...request.query.entries()].filter(([name]) => !RESERVED_QUERY.has(name));
      for (const [path] of filters) {
        if (!isKnownPath(records, path)) return failure(400, `Unknown filter field "${path}".`);
      }
      const q = request.params.query.q as string | undefined;
      return countryPage(
        request,
        filtered((record) => (!q || matchesFreeText(record, q)) && filters.every(([path, value]) => equalsAt(record, path, value))),
      );
    },
    countriesByCode: (request) =>
      countryPage(
        request,
        filtered((r) => matchesCode(r, String(request.params.query.q))),
      ),
    countriesByName: (request) =>
      countryPage(
        request,
        filtered((r) => matchesName(r, String(request.params.query.q))),
      ),
    countriesSearch: (request) => {
      const property = String(request.params.path.property);
      requireKnownProperty(records, property);
      return countryPage(
        request,
        filtered((r) => containsAt(r, property, String(request.params.query.q))),
      );
    },
    countriesWhere: (request) => {
      const property = String(request.params.path.property);
      requireKnownProperty(records, property);
      return countryPage(
        request,
        filtered((r) => equalsAt(r, property, String(request.params.path.value))),
      );
    },
    convertCurrency: (request) => {
      const from = requireCurrency('from', request.params.query.from);
      const to = requireCurrency('to', request.params.query.to);
      const amount = Number(request.params.query.amount);
      const fxRate = rate(from, to);
      const infos = supportedCurrencies(records);
      return single({
        from: infos.find((c) => c.code === from),
        to: infos.find((c) => c.code === to),
        rate: fxRate,
        amount,
        result: amount * fxRate,
        date: RATES_DATE,
      });
    },
    exchangeRates: (request) => withHeaders(single(ratesFor(requireCurrency('base', request.params.query.base ?? 'USD'))), CACHE_RATES),
    exchangeRatesByPath: (request) => withHeaders(single(ratesFor(requireCurrency('base', request.params.path.base))), CACHE_RATES),
    currencies: () => {
      const all = supportedCurrencies(records);
      return withHeaders(envelope(all, all.length, { limit: all.length, offset: 0 }), CACHE_RECORDS);
    },
    ipLookup: (request) => ipAnswer(String(request.params.query.ip ?? request.clientIp)),
    ipLookupByPath: (request) => ipAnswer(String(request.params.path.ip)),
    userAgent: (request) => {
      const ua = request.params.query.ua ?? request.headers['user-agent'];
      if (typeof ua !== 'string' || ua.trim() === '') return failure(400, 'No User-Agent to parse: send ua or a User-Agent header.');
      return withHeaders(single(parseUserAgent(ua)), NO_STORE);
    },
  };
}

/** Creates the interface-D sandbox. */
export function createCountryDataSandbox(options: CountryDataSandboxOptions = {}): SandboxDefinition {
  const keys = options.keys ?? { [DEMO_KEY]: {} };
  return {
    name: 'country-data',
    contract: new OpenApiContract(DOCUMENT),
    handlers: handlers(),
    errors,
    guard: (request) => {
      const key = keyOf(request);
      if (!key) return failure(401, 'Authorization key required.');
      const account = keys[key];
      if (!account) return failure(401, 'Invalid authorization key.');
      if (account.frozen) return failure(403, 'Monthly request quota exceeded for this key.');
      return undefined;
    },
  };
}

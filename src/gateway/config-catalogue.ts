/**
 * Every environment variable the gateway, its launcher and `npm run sandbox` read: default,
 * production default and meaning, in one typed list. docs/configuration.md and .env.example are
 * generated from it (scripts/config-docs.ts, run by `npm run generate`; `--check` in lint), and
 * test/gateway/documentation.test.ts fails when code reads a variable this list lacks, when an
 * entry names a variable nothing reads, or when a documented default is not what the code does.
 *
 * Adding a variable is one entry in CATALOGUE (an interface's own variables come from the
 * registry instead, below). Defaults are taken from the readers' own constants where they have one.
 */
import { DEFAULT_CALLER_LIMITS } from './callers/caller-limits.js';
import { DEFAULT_ALGORITHMS } from './callers/jwt.js';
import { DEFAULT_TIERS } from './callers/tiers.js';
import { DEFAULT_LIMITS } from './http/limits-config.js';
import { INTERFACES, type UpstreamName } from './interfaces/registry.js';
import { DEFAULT_LIVE_SETTINGS, intervalVariable } from './live/live-settings.js';
import { DEFAULT_HTTP_SERVER_LIMITS } from './ops/listen.js';
import { TRACE_EXPORT_DELAY_MS } from './ops/tracing/export-delay.js';
import { DEFAULT_TRUST_PROXY } from './upstream/caller-address.js';
import { DEFAULT_UPSTREAM_SETTINGS } from './upstream/upstream-settings.js';

/** The sections of the reference, in the order it lists them. */
export const CONFIG_GROUPS = [
  'Server',
  'Production posture',
  'Interfaces',
  'Upstream client',
  'Operation limits',
  'Callers: identity',
  'Callers: limits and quotas',
  'Live data',
  'Cache, Redis and persisted operations',
  'Logs, metrics and traces',
  'Processes and start-up',
  'Composition',
  'Sandboxes (npm run sandbox)',
] as const;

export type ConfigGroup = (typeof CONFIG_GROUPS)[number];

/**
 * Who reads the variable. `gateway`: loadConfig (config.ts and the loaders it calls), whose
 * documented defaults the documentation test checks by loading the configuration with and without
 * them; `process`: the launcher or another module of the running process; `sandbox`: `npm run
 * sandbox`; `opentelemetry`: the OpenTelemetry SDK itself, not this code.
 */
export type ConfigReader = 'gateway' | 'process' | 'sandbox' | 'opentelemetry';

export interface ConfigVariable {
  /** The variable, or a family of them with a `<PLACEHOLDER>` part (RATE_LIMIT_PER_MINUTE_<TIER>). */
  readonly name: string;
  readonly group: ConfigGroup;
  /** The value that behaves as unset, as one would write it; absent when no value does. */
  readonly default?: string;
  /** What happens when unset, where no value says it (`none: tracing off`), or beside `default`. */
  readonly defaultNote?: string;
  /** With NODE_ENV=production, when it differs from `default`. */
  readonly productionDefault?: string;
  readonly productionNote?: string;
  /** Markdown: what it does, what it takes, and why its default is what it is where that is not obvious. */
  readonly meaning: string;
  /** A value for .env.example when there is no default to show. */
  readonly example?: string;
  /** Variables this one is read with (it matters only when they are set); used by the default check. */
  readonly needs?: Readonly<Record<string, string>>;
  readonly reader?: ConfigReader;
}

const ms = (value: number): string => String(value);
const limits = DEFAULT_LIMITS;
const upstream = DEFAULT_UPSTREAM_SETTINGS;
const live = DEFAULT_LIVE_SETTINGS;
const http = DEFAULT_HTTP_SERVER_LIMITS;
const WITH_JWKS = { AUTH_JWKS_URL: 'https://id.example/jwks.json', AUTH_ISSUER: 'https://id.example/', AUTH_AUDIENCE: 'gateway' };

/** What the interface variables' meanings say about each vendor (the registry holds the names). */
const VENDORS: Readonly<Record<UpstreamName, { label: string; real: string; unit: string }>> = {
  'crypto-analytics': { label: 'A, crypto analytics (Token Metrics data API v1)', real: 'https://api.tokenmetrics.com', unit: 'calls to' },
  'blockchain-utility': { label: 'B, blockchain utility for Ergo (TokenJay; no key)', real: 'https://api.tokenjay.app', unit: 'calls to' },
  address: { label: 'C, addresses (Ideal Postcodes API v1)', real: 'https://api.ideal-postcodes.co.uk/v1', unit: 'paid lookups at' },
  'country-data': { label: 'D, country data (REST Countries hosted v5)', real: 'https://api.restcountries.com', unit: 'calls to' },
};

/** Each registered interface's URL, key, user token and daily quota, named by its folder's interface.ts. */
function interfaceVariables(): ConfigVariable[] {
  return INTERFACES.flatMap(({ name, variables, defaultKey }): ConfigVariable[] => {
    const { label, real, unit } = VENDORS[name];
    return [
      {
        name: variables.url,
        group: 'Interfaces',
        defaultNote: 'the built-in sandbox, on a free loopback port',
        productionNote: 'required (start-up fails naming it) unless `ALLOW_SANDBOXES=true`',
        meaning: `base URL of interface ${label}; real: \`${real}\``,
        example: real,
        reader: 'process',
      },
      ...(variables.key === undefined
        ? []
        : [
            {
              name: variables.key,
              group: 'Interfaces',
              ...(defaultKey === undefined
                ? { defaultNote: 'none (the sandbox key against the sandbox)' }
                : { default: defaultKey, defaultNote: "the vendor's public demo key" }),
              meaning: `the key sent to interface ${label.split(',')[0] ?? ''}; a client's own key header wins for its request, and keys are never logged or echoed`,
              reader: 'process',
            } satisfies ConfigVariable,
          ]),
      ...(variables.userToken === undefined
        ? []
        : [
            {
              name: variables.userToken,
              group: 'Interfaces',
              defaultNote: 'none (the sandbox token against the sandbox)',
              meaning: `the user token of interface ${label.split(',')[0] ?? ''}, for its account fields (key details, usage, lookup log, configs, licensees)`,
              reader: 'process',
            } satisfies ConfigVariable,
          ]),
      {
        name: variables.dailyQuota,
        group: 'Callers: limits and quotas',
        defaultNote: 'unset (no quota)',
        meaning: `${unit} interface ${label.split(',')[0] ?? ''} per caller per UTC day; \`${variables.dailyQuota}_<TIER>\` sets one tier's, and \`0\` forbids it`,
        reader: 'process',
      },
    ];
  });
}

const CATALOGUE: readonly ConfigVariable[] = [
  // Server
  {
    name: 'HOST',
    group: 'Server',
    default: '127.0.0.1',
    defaultNote: '`0.0.0.0` in the container',
    meaning: 'interface the gateway listens on',
  },
  {
    name: 'PORT',
    group: 'Server',
    default: '4000',
    meaning:
      'gateway port; GraphQL and GraphiQL at `/graphql`, liveness `/healthz`, readiness `/readyz`; `0` picks a free port (the `gateway ready` log line has the URL)',
  },
  {
    name: 'CORS_ORIGINS',
    group: 'Server',
    defaultNote: 'same origin, `http://localhost:*`, `http://127.0.0.1:*`, `http://[::1]:*`',
    meaning:
      'comma-separated browser origins allowed to read answers with credentials, e.g. `https://app.example,http://localhost:*` (`:*` = any port); other origins get no CORS headers, and their WebSocket upgrades get 403',
    example: 'https://app.example,http://localhost:*',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    group: 'Server',
    default: '10000',
    meaning: 'on SIGTERM/SIGINT, how long in-flight requests may finish before they are cut off (exit 1)',
  },
  {
    name: 'READINESS_CACHE_MS',
    group: 'Server',
    default: '5000',
    meaning: "how long `/readyz` reuses an upstream's answer to its readiness probe",
  },
  {
    name: 'READINESS_REQUIRES',
    group: 'Server',
    defaultNote: 'none: a vendor never pulls a replica',
    meaning:
      'comma-separated interfaces (`crypto-analytics`, `blockchain-utility`, `address`, `country-data`) without which a replica is useless: when one of these is not ready, `/readyz` answers 503 (see [probes](operations.md#probes)); an unknown name is a configuration error',
    example: 'country-data',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    group: 'Server',
    default: ms(http.headersTimeoutMs),
    meaning:
      "time from a request's first byte to the end of its headers; a slower client gets 408 and its connection is closed (slowloris). Node's own default is 60 s. Must not exceed `HTTP_REQUEST_TIMEOUT_MS`",
  },
  {
    name: 'HTTP_REQUEST_TIMEOUT_MS',
    group: 'Server',
    default: ms(http.requestTimeoutMs),
    meaning:
      "time from a request's first byte to the end of its body (the answer is not counted); a body trickled slower gets 408. 30 s allows 3.3 kB/s for a `MAX_REQUEST_BYTES` body. Node's own default is 300 s",
  },
  {
    name: 'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    group: 'Server',
    default: ms(http.keepAliveTimeoutMs),
    meaning:
      "how long a connection may sit idle between requests: longer than the load balancer's idle timeout (nginx, AWS ALB: 60 s) so the balancer, not the gateway, closes idle connections (closing first races its next request and shows as a 502)",
  },
  {
    name: 'HTTP_MAX_CONNECTIONS',
    group: 'Server',
    default: String(http.maxConnections),
    meaning:
      'open connections per process (per worker with `WORKERS` > 1); further ones are closed on accept, with a warning at most once a second. Keep it well below `ulimit -n`, leaving room for upstream sockets',
  },
  // Production posture
  {
    name: 'NODE_ENV',
    group: 'Production posture',
    defaultNote: 'unset',
    productionNote: '`production` (the Docker image sets it)',
    meaning:
      '`production` closes the defaults a public deployment needs (see [production posture](production-and-security.md#production-posture)): the production defaults in this reference',
    example: 'production',
  },
  {
    name: 'INTROSPECTION',
    group: 'Production posture',
    default: 'true',
    productionDefault: 'false',
    meaning:
      "`__schema`/`__type`: `true`, `false`, or `authenticated` (callers with credentials only; needs `AUTH_*`). Refused as `GRAPHQL_VALIDATION_FAILED` (400) saying how to turn it on. `__typename` is always served; federation's `_service { sdl }` is served to any authenticated caller, and to everyone when `true`",
  },
  {
    name: 'GRAPHIQL',
    group: 'Production posture',
    default: 'true',
    productionDefault: 'false',
    meaning: 'the GraphiQL page at `/graphql` (when off, a browser gets 406)',
  },
  {
    name: 'TRUST_PROXY',
    group: 'Production posture',
    default: DEFAULT_TRUST_PROXY,
    meaning:
      "whose `X-Forwarded-For` is believed (Express/proxy-addr semantics): `true`, `false`, a hop count, or a comma-separated list of `loopback`, `linklocal`, `uniquelocal`, addresses and CIDRs. The caller's address (rate limits of anonymous callers, `visitor`, what D is told) is the first hop, walking from the connection leftwards, that is not trusted (see [client addresses behind proxies](production-and-security.md#client-addresses-behind-proxies-trust_proxy))",
  },
  {
    name: 'ALLOW_SANDBOXES',
    group: 'Production posture',
    default: 'false',
    meaning:
      'in production, serve the built-in sandbox for an interface without a URL instead of refusing to start (demos; `compose.yaml` sets it)',
    needs: Object.fromEntries(INTERFACES.map(({ variables }) => [variables.url, 'http://127.0.0.1:9'])),
  },
  {
    name: 'ADDRESS_ADMIN_OPERATIONS',
    group: 'Production posture',
    default: 'true',
    defaultNote: 'in development without `AUTH_*`; `false` with them',
    productionDefault: 'false',
    meaning:
      "C's admin and personal-data fields (its key-config and licensee mutations, `apiKeyDetails`, `apiKeyUsage`, `apiKeyLookups`, `keyConfigs`, `licensees`, `licensee`): `true` serves them to anyone, `false` to callers with the `admin` scope only (anonymous: 401 `UNAUTHENTICATED`, others: 403 `FORBIDDEN`)",
  },
  // Upstream client
  {
    name: 'UPSTREAM_TIMEOUT_MS',
    group: 'Upstream client',
    default: '10000',
    meaning: 'how long one upstream call may take: connecting, headers and the whole body, retries included (`UPSTREAM_TIMEOUT`)',
  },
  {
    name: 'UPSTREAM_MAX_BODY_BYTES',
    group: 'Upstream client',
    default: String(upstream.maxBodyBytes),
    meaning: 'the largest upstream answer accepted; a bigger one is cut off while it streams and fails as `UPSTREAM_RESPONSE_TOO_LARGE`',
  },
  {
    name: 'UPSTREAM_MAX_BUFFERED_BYTES',
    group: 'Upstream client',
    default: String(upstream.maxBufferedBytes),
    meaning:
      'the bytes of upstream answers all calls of one process may hold at once while they are read (at least `UPSTREAM_MAX_BODY_BYTES`); past it the answer that asks for more is cut off as `UPSTREAM_RESPONSE_TOO_LARGE` (retryable), so a vendor streaming oversized answers to every concurrent call cannot hold calls × the cap',
  },
  {
    name: 'UPSTREAM_MAX_ATTEMPTS',
    group: 'Upstream client',
    default: String(upstream.maxAttempts),
    meaning:
      "attempts per GET/HEAD (never a POST) on connection failures, 429, 502, 503 and 504, with jittered exponential back-off or the upstream's `Retry-After`, within the time-out and the retry budget below",
  },
  {
    name: 'UPSTREAM_RETRY_BUDGET_RATIO',
    group: 'Upstream client',
    default: String(upstream.retryBudgetRatio),
    meaning:
      'retries per first attempt an upstream may be sent on average (a token bucket per upstream): `1` lets three attempts rescue calls to an upstream that fails half its requests (about 87 % of calls succeed) while capping the extra load at twice the calls; a dead upstream is held off by the breaker, not by this budget',
  },
  {
    name: 'UPSTREAM_RETRY_MAX_DELAY_MS',
    group: 'Upstream client',
    default: ms(upstream.retryMaxDelayMs),
    meaning: 'the longest wait before a retry, `Retry-After` included',
  },
  {
    name: 'UPSTREAM_BREAKER_FAILURE_RATE',
    group: 'Upstream client',
    default: String(upstream.breakerFailureRate),
    meaning:
      "the share of an upstream's calls, each judged after its retries, that opens its circuit once more than that share fails (no answer, time-out, 5xx, oversized body; 4xx and 429 are answers). Half: a vendor that answers most calls stays in service, one that fails most is paused",
  },
  {
    name: 'UPSTREAM_BREAKER_WINDOW_MS',
    group: 'Upstream client',
    default: ms(upstream.breakerWindowMs),
    meaning:
      'the sliding window over which that share is measured (at least 1000): long enough that a burst of a few slow calls is not a rate, short enough that a dead vendor is paused within seconds',
  },
  {
    name: 'UPSTREAM_BREAKER_MIN_CALLS',
    group: 'Upstream client',
    default: String(upstream.breakerMinCalls),
    meaning: 'calls the window must hold before the circuit may open, so three failures of an idle upstream do not pause it',
  },
  {
    name: 'UPSTREAM_BREAKER_HALF_OPEN_MS',
    group: 'Upstream client',
    default: ms(upstream.breakerHalfOpenAfterMs),
    meaning:
      'how long an open circuit fails fast (`UPSTREAM_CIRCUIT_OPEN`) before one probe call (with its retries) may go through; its success closes the circuit, its failure opens it again',
  },
  // Operation limits
  {
    name: 'MAX_QUERY_BYTES',
    group: 'Operation limits',
    default: String(limits.maxQueryBytes),
    meaning: 'largest query text (GET parameter or POST field) in bytes; larger is `QUERY_TOO_LARGE`, HTTP 413',
  },
  {
    name: 'MAX_REQUEST_BYTES',
    group: 'Operation limits',
    default: String(limits.maxRequestBytes),
    meaning: 'largest POST body (or WebSocket message), variables included; larger is `REQUEST_TOO_LARGE`, HTTP 413',
  },
  {
    name: 'MAX_TOKENS',
    group: 'Operation limits',
    default: String(limits.maxTokens),
    meaning: 'most GraphQL tokens in a document (`MAX_TOKENS_EXCEEDED`)',
  },
  {
    name: 'MAX_DEPTH',
    group: 'Operation limits',
    default: String(limits.maxDepth),
    meaning: 'deepest field nesting, fragments flattened, introspection aside (`MAX_DEPTH_EXCEEDED`)',
  },
  {
    name: 'MAX_ALIASES',
    group: 'Operation limits',
    default: String(limits.maxAliases),
    meaning: 'most aliases in one operation (`MAX_ALIASES_EXCEEDED`)',
  },
  {
    name: 'MAX_DIRECTIVES',
    group: 'Operation limits',
    default: String(limits.maxDirectives),
    meaning: 'most directives in one operation (`MAX_DIRECTIVES_EXCEEDED`)',
  },
  {
    name: 'MAX_INTROSPECTION_DEPTH',
    group: 'Operation limits',
    default: String(limits.maxIntrospectionDepth),
    meaning: 'deepest nesting below the one `__schema` or `__type` an operation may hold (`INTROSPECTION_LIMIT_EXCEEDED`)',
  },
  {
    name: 'MAX_UPSTREAM_CALLS',
    group: 'Operation limits',
    default: String(limits.maxUpstreamCalls),
    meaning:
      'fan-out budget: most distinct upstream calls (method + URL; every POST counts) one query may cause (`FAN_OUT_BUDGET_EXCEEDED`)',
  },
  {
    name: 'MAX_UPSTREAM_CALLS_MUTATION',
    group: 'Operation limits',
    default: String(limits.maxUpstreamCallsMutation),
    meaning: 'the same for a mutation, whose calls change state',
  },
  // Callers: identity
  {
    name: 'AUTH_REQUIRED',
    group: 'Callers: identity',
    default: 'false',
    meaning:
      '`true`: a request without credentials gets 401 `UNAUTHENTICATED` (needs `AUTH_JWKS_URL` or `AUTH_API_KEYS_FILE`); `false`: it is served as an anonymous caller',
  },
  {
    name: 'AUTH_JWKS_URL',
    group: 'Callers: identity',
    defaultNote: 'none',
    meaning: "URL of the identity provider's JSON Web Key Set; turns bearer JWTs on (needs `AUTH_ISSUER` and `AUTH_AUDIENCE`)",
    example: 'https://id.example/.well-known/jwks.json',
  },
  {
    name: 'AUTH_ISSUER',
    group: 'Callers: identity',
    defaultNote: 'none',
    meaning: 'the `iss` every token must carry',
    example: 'https://id.example/',
  },
  {
    name: 'AUTH_AUDIENCE',
    group: 'Callers: identity',
    defaultNote: 'none',
    meaning: 'the `aud` a token must carry; several comma-separated, any one matches',
    example: 'gateway',
  },
  {
    name: 'AUTH_ALGORITHMS',
    group: 'Callers: identity',
    default: DEFAULT_ALGORITHMS.join(','),
    meaning: 'JWS algorithms accepted, comma-separated; asymmetric only (`none` and `HS*` are refused at start)',
    needs: WITH_JWKS,
  },
  {
    name: 'AUTH_TIER_CLAIM',
    group: 'Callers: identity',
    default: 'tier',
    meaning: "the token claim naming the caller's tier",
    needs: WITH_JWKS,
  },
  {
    name: 'AUTH_TIERS',
    group: 'Callers: identity',
    default: DEFAULT_TIERS.join(','),
    meaning:
      'tiers a token or key may name besides `authenticated` (lower-case names; a tier is a metric label, so any other value counts as `authenticated`)',
  },
  {
    name: 'AUTH_API_KEYS_FILE',
    group: 'Callers: identity',
    defaultNote: 'none',
    meaning: 'JSON file of static keys (see [callers](callers.md#identity-and-scopes)), read and checked at start',
    example: './api-keys.json',
  },
  // Callers: limits and quotas
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    group: 'Callers: limits and quotas',
    default: String(DEFAULT_CALLER_LIMITS.defaults.ratePerMinute),
    defaultNote: 'counted only in production or once a `RATE_LIMIT_*` or `DAILY_QUOTA_*` variable is set',
    meaning: 'requests per minute per caller, for every tier without its own; `0` = no limit',
    reader: 'process',
  },
  {
    name: 'RATE_LIMIT_PER_MINUTE_<TIER>',
    group: 'Callers: limits and quotas',
    defaultNote: `\`${DEFAULT_CALLER_LIMITS.tiers['ANONYMOUS']?.ratePerMinute ?? ''}\` for \`ANONYMOUS\`, else unset`,
    meaning:
      'requests per minute per caller of that tier, spelled upper-case with `-` as `_` (`RATE_LIMIT_PER_MINUTE_ANONYMOUS` is per client address); `0` = no limit',
    reader: 'process',
  },
  {
    name: 'DAILY_QUOTA_<VENDOR>_<TIER>',
    group: 'Callers: limits and quotas',
    defaultNote: 'unset',
    meaning:
      'the same as `DAILY_QUOTA_<VENDOR>` for one tier, e.g. `DAILY_QUOTA_ADDRESS_ANONYMOUS=20`; `0` forbids that vendor to the tier',
    reader: 'process',
  },
  // Live data
  // Each live feed an interface declares (interfaces/<name>/interface.ts).
  ...INTERFACES.flatMap(({ liveFeeds }) => liveFeeds ?? []).map(({ name, intervalMs, follows }): ConfigVariable => ({
    name: intervalVariable(name),
    group: 'Live data',
    default: ms(intervalMs),
    meaning: `least time between two polls of ${follows} (ms, at least 100; the upstream's max-age can only lengthen it)`,
  })),
  {
    name: 'LIVE_MAX_BACKOFF_MS',
    group: 'Live data',
    default: ms(live.maxBackoffMs),
    meaning: "longest interval a key backs off to while its upstream's circuit breaker is open",
  },
  {
    name: 'LIVE_MAX_KEYS',
    group: 'Live data',
    default: String(live.maxKeys),
    meaning: 'distinct live keys one process polls or relays (`LIVE_KEY_LIMIT_EXCEEDED` past it)',
  },
  {
    name: 'MAX_SUBSCRIPTIONS_PER_CONNECTION',
    group: 'Live data',
    default: String(live.maxPerConnection),
    meaning: 'open subscriptions on one connection (`SUBSCRIPTION_LIMIT_EXCEEDED`)',
  },
  {
    name: 'MAX_SUBSCRIPTIONS_PER_CALLER',
    group: 'Live data',
    default: String(live.maxPerCaller),
    meaning: 'open subscriptions of one caller (its id, else its address) in one process (`SUBSCRIPTION_LIMIT_EXCEEDED`)',
  },
  // Cache, Redis and persisted operations
  {
    name: 'CACHE_TTL_SECONDS',
    group: 'Cache, Redis and persisted operations',
    default: '3600',
    meaning:
      'how long slowly changing data (country records, currency symbols and rates) is reused across requests when the upstream sends no `Cache-Control`; its `max-age` and `no-store` win; `0` turns the cache off',
  },
  {
    name: 'OPERATION_CACHE_MAX_BYTES',
    group: 'Cache, Redis and persisted operations',
    default: '33554432',
    meaning:
      'bytes of whole GraphQL answers kept in memory per process (least recently used dropped first, shared through REDIS_URL), each for the shortest lifetime of the upstream answers it was built from; also what derives `Cache-Control` and `ETag`; `0` turns the whole-operation cache off',
  },
  {
    name: 'REDIS_URL',
    group: 'Cache, Redis and persisted operations',
    defaultNote: 'none (the memory of each process)',
    meaning:
      "`redis://` or `rediss://` URL of the store replicas share: cached upstream answers and APQ queries (see [shared cache](operations.md#shared-cache-and-persisted-operations)), callers' rate-limit and quota counters, and live keys (one replica polls each, see [live data across replicas](live-data.md#live-data-across-replicas)); a Redis outage only turns sharing off",
    example: 'redis://127.0.0.1:6379',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    group: 'Cache, Redis and persisted operations',
    default: 'four-rest-one-graph:',
    meaning: 'prepended to every Redis key, so deployments can share one Redis',
    needs: { REDIS_URL: 'redis://127.0.0.1:6379' },
  },
  {
    name: 'PERSISTED_DOCUMENTS',
    group: 'Cache, Redis and persisted operations',
    defaultNote: 'none',
    meaning:
      'a JSON file of persisted operations: `{ "<id>": "<query>" }` or an Apollo persisted query manifest; read and checked at start',
    example: './persisted-documents.json',
  },
  {
    name: 'PERSISTED_ONLY',
    group: 'Cache, Redis and persisted operations',
    default: 'false',
    meaning: '`true` runs only the operations of `PERSISTED_DOCUMENTS` (needs it) and refuses query text with `PERSISTED_QUERY_ONLY`',
  },
  // Logs, metrics and traces
  {
    name: 'LOG_LEVEL',
    group: 'Logs, metrics and traces',
    default: 'info',
    meaning:
      'the least severe log line written: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. Request lines are at info (at error for `failed`), so above `info` only failures keep theirs (see [logs](operations.md#logs))',
  },
  {
    name: 'LOG_SAMPLE_OK',
    group: 'Logs, metrics and traces',
    default: '1',
    meaning:
      'the share, from 0 to 1, of successful requests (`outcome: ok`) whose request line is written, e.g. `0.05`; a kept line then carries `sampleRate`. Refusals, partial answers and failures are always written. Metrics count every request either way',
  },
  {
    name: 'METRICS',
    group: 'Logs, metrics and traces',
    default: 'true',
    meaning: 'Prometheus metrics at `/metrics` (see [metrics](operations.md#metrics)); `false` turns the endpoint off',
  },
  {
    name: 'COMPRESSION',
    group: 'Server',
    default: 'true',
    meaning: 'br, gzip (and zstd where Node has it) answers by `Accept-Encoding`; `false` when a proxy in front already compresses',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    group: 'Logs, metrics and traces',
    defaultNote: 'none: tracing off',
    meaning:
      'turns OpenTelemetry tracing on, exporting spans over OTLP/HTTP JSON to this URL (see [traces](operations.md#traces)); without it (or `OTEL_TRACES_EXPORTER=otlp`) no SDK is loaded',
    example: 'http://127.0.0.1:4318',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    group: 'Logs, metrics and traces',
    defaultNote: '`OTEL_EXPORTER_OTLP_ENDPOINT`',
    meaning: 'the traces endpoint, when it differs from `OTEL_EXPORTER_OTLP_ENDPOINT`; setting it also turns tracing on',
    example: 'http://127.0.0.1:4318/v1/traces',
  },
  {
    name: 'OTEL_TRACES_EXPORTER',
    group: 'Logs, metrics and traces',
    defaultNote: '`otlp` when an endpoint is set',
    meaning: '`otlp` turns tracing on; `none` turns it off even with an endpoint set',
    example: 'otlp',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    group: 'Logs, metrics and traces',
    default: 'http/json',
    meaning: 'the only protocol this gateway ships an exporter for; any other value is a configuration error',
    needs: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' },
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
    group: 'Logs, metrics and traces',
    default: 'http/json',
    meaning: 'the same for traces alone; wins over `OTEL_EXPORTER_OTLP_PROTOCOL`',
    needs: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' },
  },
  {
    name: 'OTEL_SDK_DISABLED',
    group: 'Logs, metrics and traces',
    default: 'false',
    meaning: '`true` keeps tracing off whatever the other `OTEL_*` variables say',
    needs: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' },
  },
  {
    name: 'OTEL_SERVICE_NAME',
    group: 'Logs, metrics and traces',
    default: 'four-rest-one-graph',
    meaning: "the `service.name` of the gateway's spans",
    needs: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' },
  },
  {
    name: 'OTEL_TRACES_SAMPLER',
    group: 'Logs, metrics and traces',
    default: 'parentbased_always_on',
    meaning:
      "which requests are recorded: `always_on`, `always_off`, `traceidratio` or their `parentbased_` forms (a caller's sampled flag decides its requests); the gateway decides a request without a caller's trace itself, so one it does not record costs no span",
    example: 'parentbased_traceidratio',
    needs: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' },
  },
  {
    name: 'OTEL_TRACES_SAMPLER_ARG',
    group: 'Logs, metrics and traces',
    default: '1',
    meaning: 'the share of requests `traceidratio` samplers record, from 0 to 1',
    example: '0.01',
    needs: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' },
  },
  {
    name: 'OTEL_EXPORTER_OTLP_HEADERS',
    group: 'Logs, metrics and traces',
    defaultNote: 'none',
    meaning: "headers sent with every export (e.g. a collector's key), read by the OpenTelemetry SDK",
    example: 'authorization=Bearer <token>',
    reader: 'opentelemetry',
  },
  {
    name: 'OTEL_BSP_SCHEDULE_DELAY',
    group: 'Logs, metrics and traces',
    default: ms(TRACE_EXPORT_DELAY_MS),
    meaning:
      "milliseconds finished spans wait for their batch's export (the SDK's own default is 5000: spans held that long slow every request, about 14 % at a 1 % sampler in the production bench)",
    needs: { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' },
  },
  {
    name: 'OTEL_BSP_<SETTING>',
    group: 'Logs, metrics and traces',
    defaultNote: "the SDK's",
    meaning:
      "the batch span processor's other settings (`OTEL_BSP_MAX_QUEUE_SIZE`, `OTEL_BSP_MAX_EXPORT_BATCH_SIZE`, `OTEL_BSP_EXPORT_TIMEOUT`), read by the OpenTelemetry SDK",
    reader: 'opentelemetry',
  },
  // Processes and start-up
  {
    name: 'WORKERS',
    group: 'Processes and start-up',
    default: '1',
    meaning:
      "gateway processes sharing the port (node:cluster, like Hive Gateway's `--fork`); `auto` = one per core. The primary checks the port, starts the sandboxes once for all workers, restarts a worker that dies (with a back-off) and, on SIGTERM, waits for every worker's drain. Without `REDIS_URL` each worker has its own cache",
  },
  {
    name: 'GATEWAY_SANDBOX_UPSTREAMS',
    group: 'Processes and start-up',
    defaultNote: 'none',
    meaning:
      'internal: set by the `WORKERS` primary for its workers, naming the interfaces whose URL is a sandbox it started, so their provenance still says `sandbox: true`; not for operators',
  },
  {
    name: 'GRAPHQL_JIT',
    group: 'Processes and start-up',
    default: 'true',
    meaning:
      'compiled execution with graphql-jit (about 1.2–1.4× the throughput of graphql-js on list queries, see [bench](bench.md)); operations whose variables do not coerce run on graphql-js, which names what was expected; `false` runs everything on graphql-js',
  },
  {
    name: 'NODE_COMPILE_CACHE',
    group: 'Processes and start-up',
    defaultNote: '`node-compile-cache/` in the OS temp folder; `/app/compile-cache` in the image',
    meaning:
      "where V8's code cache of the bundle and Node's own compile cache live (see [build and start-up](architecture.md#build-and-start-up)); a volume that outlives the container keeps it across restarts",
    example: '/var/cache/four-rest-one-graph',
    reader: 'process',
  },
  {
    name: 'NODE_DISABLE_COMPILE_CACHE',
    group: 'Processes and start-up',
    defaultNote: 'unset',
    meaning: '`1` turns both code caches off: every start compiles the bundle',
    example: '1',
    reader: 'process',
  },
  {
    name: 'NODE_OPTIONS',
    group: 'Processes and start-up',
    defaultNote: 'unset',
    meaning:
      "Node's own flags; a V8 tier flag here (`--no-opt`, `--jitless`, `--maglev`…) turns off the gateway's hold of the optimizing compilers during start-up, and `--enable-source-maps` maps stack traces from the bundle back to `src/`",
    example: '--enable-source-maps',
    reader: 'process',
  },
  // Composition
  {
    name: 'FEDERATION_AUTH_DIRECTIVES',
    group: 'Composition',
    default: 'false',
    meaning:
      'the federation subgraph SDL carries `@authenticated`/`@requiresScopes` (for routers that enforce them only: Apollo Gateway refuses a subgraph that links them); the gateway enforces scopes itself either way',
  },
  {
    name: 'TYPE_PREFIX',
    group: 'Composition',
    defaultNote: 'none',
    meaning:
      'prepended to the name of every type, enum, input and custom scalar (e.g. `Rest` → `RestCountry`, `RestDate`), not to root fields, built-in scalars or the federation types; a GraphQL name, else start-up fails naming the variable. See [composition](composition.md#names-that-survive-composition)',
    example: 'Rest',
  },
  // Sandboxes
  {
    name: 'SANDBOX_BASE_PORT',
    group: 'Sandboxes (npm run sandbox)',
    defaultNote: 'the fixed ports 4101 (A), 4102 (B), 4103 (C), 4104 (D)',
    meaning: '`0` → free ports; `N` (1–65531) → ports N+1 … N+4 for A, B, C, D',
    example: '0',
    reader: 'sandbox',
  },
  {
    name: 'SANDBOX_DATA_DIR',
    group: 'Sandboxes (npm run sandbox)',
    default: 'var',
    meaning:
      'where B and C keep their state (in `blockchain-utility/` and `address/` below it). Several processes may share one directory: every write is locked across processes',
    reader: 'sandbox',
  },
];

/** The whole reference: the list above with each registered interface's variables in their groups. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [...CATALOGUE, ...interfaceVariables()].sort(
  (a, b) => CONFIG_GROUPS.indexOf(a.group) - CONFIG_GROUPS.indexOf(b.group),
);

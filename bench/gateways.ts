/**
 * The gateways of `npm run bench` and the load queries written for each one's schema.
 *
 * - this: the project's gateway as a black box, `npm run build` then `node dist/main.js` in the repository root unless
 *   BENCH_GATEWAY_CMD says otherwise; uncached (CACHE_TTL_SECONDS=0) and with its request log at
 *   info unless the environment says otherwise. The same build also runs as `prod` (the production
 *   profile: run.ts adds its environment) and as `this-cached` / `prod-cached` (the answer cache
 *   on, ANSWER_CACHE_SETTING, over an upstream whose answers may be cached).
 * - lean: the hand-written server of bench/lean-peer/ (graphql-yoga + undici, resolvers for the
 *   three queries, no plugins), bundled with esbuild, then `node`; it serves this gateway's
 *   schema for those fields, so it takes the same documents.
 * - mesh: stock GraphQL Mesh v0 (bench/peers/.meshrc.yml, no transforms): `mesh build`, then
 *   `mesh start`.
 * - hive: Hive Gateway over a supergraph composed by @graphql-mesh/compose-cli and
 *   @omnigraph/openapi (bench/peers/mesh.config.mjs), served with `--jit`.
 * - tailcall: Tailcall's binary (@tailcallhq/core-linux-x64-gnu) over bench/peers/tailcall.graphql,
 *   interface D in stock Mesh's shape, one worker thread.
 * - limit: plain node:http answering this gateway's own answer bytes from memory (limit-peer.ts).
 *
 * The peers name things after the OpenAPI documents (operationIds, snake_case keys, response
 * unions); their names below were read from their introspected schemas. Hive's composition
 * prefixes each subgraph's types with the subgraph's name.
 */
import { execFileSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Post } from './load.js';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PEERS = fileURLToPath(new URL('peers/', import.meta.url));
/** Generated peer artefacts live under node_modules, out of the project's lint and type check. */
const WORK = `${PEERS}node_modules/.bench-work/`;
/**
 * This gateway's compile-cache folder (README, How it is built) for the run, emptied when it is
 * built; set for this gateway alone, since NODE_COMPILE_CACHE would turn Node 24's cache on for
 * the peers too, which they do not have when started as their documents say.
 */
const THIS_COMPILE_CACHE = `${WORK}this-compile-cache`;
const BIN = `${PEERS}node_modules/.bin/`;
const TAILCALL = `${PEERS}node_modules/@tailcallhq/core-linux-x64-gnu/bin/tailcall`;
/** Tailcall is published for linux-x64 with glibc only (an optional dependency of bench/peers). */
const TAILCALL_PLATFORM = process.platform === 'linux' && process.arch === 'x64';
/** The answers the limit peer serves, written by run.ts from this gateway's answers before it starts. */
export const LIMIT_ANSWERS = `${WORK}limit/answers.json`;

/**
 * The variable that turns this gateway's whole-operation answer cache on, and its value (64 MiB of
 * answers; config.ts, 0 is off): the one place to change when the gateway names it otherwise. A
 * build without that cache measures the upstream cache alone on the cached entries (every upstream
 * answer cached, the operation executed).
 */
export const ANSWER_CACHE_SETTING = { name: 'OPERATION_CACHE_MAX_BYTES', on: String(64 * 1024 * 1024) } as const;

export type GatewayId = 'this' | 'prod' | 'this-cached' | 'prod-cached' | 'lean' | 'mesh' | 'hive' | 'tailcall' | 'limit';
export type Profile = 'development' | 'production';

export interface Q3Result {
  /** Countries that got a rate. */
  rates: number;
  /** GraphQL requests the client sent for the operation. */
  requests: number;
}

export interface Gateway {
  id: GatewayId;
  label: string;
  /** One-time build before start (mesh build, supergraph composition); returns seconds or 0. */
  prepare(env: NodeJS.ProcessEnv): number;
  command(port: number): { command: string; cwd: string };
  /** Variables the gateway starts with unless the bench's own environment sets them. */
  defaults?: Readonly<Record<string, string>>;
  /** Variables that define this entry (the answer cache on), applied over the bench's environment. */
  fixed?: Readonly<Record<string, string>>;
  /** This gateway: in which profile, with or without the answer cache; undefined for the peers. */
  self?: { profile: Profile; cached: boolean };
  /** Left out of the run with a warning when it cannot run here (a binary for another platform). */
  optional?: boolean;
  q1: string;
  q2: string;
  /** Q3 as a client of this gateway would do it; throws when an answer is wrong. */
  q3(post: Post): Promise<Q3Result>;
  /** Checks of the Q1 and Q2 answers: the country's name, the number of countries. */
  q1Name(body: any): string | undefined;
  q2Count(body: any): number | undefined;
}

/**
 * The environment `gateway` starts with on `port`: its defaults, the bench's own environment,
 * `env` (the run's upstream and profile), what defines the entry. FORK=0: one serving process
 * for every gateway, so its RSS and its instructions are the gateway's.
 */
export function gatewayEnv(gateway: Gateway, env: NodeJS.ProcessEnv, port: number): NodeJS.ProcessEnv {
  return { ...gateway.defaults, ...process.env, ...env, ...gateway.fixed, PORT: String(port), FORK: '0' };
}

/** This gateway's documents; the lean peer serves the same fields, so it takes them too. */
const THIS_Q1 = '{ country(code: "FR") { names { common official } codes { alpha2 alpha3 } population } }';
const THIS_Q2 =
  '{ countries(limit: 100) { nodes { uuid names { common official } codes { alpha2 alpha3 ccn3 } region subregion population landlocked } } }';

/** Q3 in one query, the rate resolved by the server. */
const THIS_Q3 = '{ countries(limit: 100) { nodes { codes { alpha2 } currencyRate(to: "EUR") } } }';

async function thisQ3(post: Post): Promise<Q3Result> {
  const body = await post(THIS_Q3);
  const nodes: any[] = body.data?.countries?.nodes ?? [];
  if (nodes.length !== 100) throw new Error(`Q3 returned ${nodes.length} countries`);
  return { rates: nodes.filter((node) => typeof node.currencyRate === 'number').length, requests: 1 };
}

const LEAN_SOURCE = fileURLToPath(new URL('lean-peer/server.ts', import.meta.url));

const Q2_FIELDS_PEER = 'uuid names { common official } codes { alpha_2 alpha_3 ccn3 } region subregion population landlocked';

/**
 * The peers' way: list the countries, then ask for each one's rate (the client-side N+1).
 * `currencyType` is the type of the `from` argument: the OpenAPI pattern's scalar in Mesh and
 * Hive; Tailcall takes no custom scalar as an argument of @http, so a String there.
 */
function peerQ3(typePrefix: string, currencyType = `${typePrefix}CurrencyCode`): (post: Post) => Promise<Q3Result> {
  const list = `{ listCountries(limit: 100) { ... on ${typePrefix}CountryPage { data { objects { codes { alpha_2 } currencies { code } } } } } }`;
  const rate = `query Rate($from: ${currencyType}!) { convertCurrency(from: $from, to: "EUR", amount: 1) { ... on ${typePrefix}CurrencyConversionEnvelope { data { objects { rate } } } } }`;
  return async (post) => {
    const page = await post(list);
    const countries: any[] = page.data?.listCountries?.data?.objects ?? [];
    if (countries.length !== 100) throw new Error(`Q3 list returned ${countries.length} countries`);
    const codes = countries.map((country) => country.currencies?.[0]?.code as string | undefined);
    // A currency the vendor refuses is one missing rate, not a failed page: Mesh and Hive answer it
    // with the document's error type, Tailcall with a GraphQL error.
    const answers = await Promise.all(codes.map((code) => (code ? post(rate, { from: code }).catch(() => undefined) : undefined)));
    const rates = answers.filter((answer) => typeof answer?.data?.convertCurrency?.data?.objects?.[0]?.rate === 'number').length;
    return { rates, requests: 1 + codes.filter(Boolean).length };
  };
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): number {
  const start = performance.now();
  try {
    execFileSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error: any) {
    throw new Error(
      `${command} ${args.join(' ')} failed:\n${String(error.stdout ?? '').slice(-2000)}\n${String(error.stderr ?? '').slice(-2000)}`,
    );
  }
  return (performance.now() - start) / 1000;
}

let thisBuilt = false;

/**
 * This gateway in one profile, with or without its answer cache: one build for all of them (the
 * first to start builds; like the peers' mesh build it is timed apart, then the compiled process
 * itself is measured, without npm's own start-up in front of it).
 */
function thisGateway(id: GatewayId, label: string, profile: Profile, cached: boolean): Gateway {
  return {
    id,
    label,
    self: { profile, cached },
    prepare(env) {
      if (thisBuilt) return 0;
      thisBuilt = true;
      // Its code cache starts empty; the build primes it, as it does for `npm ci && npm start`.
      rmSync(THIS_COMPILE_CACHE, { recursive: true, force: true });
      return process.env.BENCH_GATEWAY_CMD
        ? 0
        : run('npm', ['run', '--silent', 'build'], ROOT, { ...env, NODE_COMPILE_CACHE: THIS_COMPILE_CACHE });
    },
    command: () => ({ command: process.env.BENCH_GATEWAY_CMD?.trim() || 'node dist/main.js', cwd: ROOT }),
    // The terms for Q1: every request goes upstream, and every request writes its log line.
    defaults: { CACHE_TTL_SECONDS: '0', LOG_LEVEL: 'info', LOG_SAMPLE_OK: '1', NODE_COMPILE_CACHE: THIS_COMPILE_CACHE },
    // Cached: upstream answers kept an hour (the cacheable upstream says a day) and whole answers.
    fixed: cached ? { CACHE_TTL_SECONDS: '3600', [ANSWER_CACHE_SETTING.name]: ANSWER_CACHE_SETTING.on } : undefined,
    q1: THIS_Q1,
    q2: THIS_Q2,
    q3: thisQ3,
    q1Name: (body) => body.data?.country?.names?.common,
    q2Count: (body) => body.data?.countries?.nodes?.length,
  };
}

/** Tailcall's config for `port` (a literal in @server), written beside the other peers' artefacts. */
function tailcallConfig(port: number): string {
  const source = readFileSync(`${PEERS}tailcall.graphql`, 'utf8');
  const file = `${WORK}tailcall/tailcall-${port}.graphql`;
  mkdirSync(`${WORK}tailcall`, { recursive: true });
  writeFileSync(file, source.replace(/port: \d+/, `port: ${port}`));
  return file;
}

const MESH_Q1 =
  '{ countriesByCode(q: "FR") { ... on CountryPage { data { objects { names { common official } codes { alpha_2 alpha_3 } population } } } } }';
const MESH_Q2 = `{ listCountries(limit: 100) { ... on CountryPage { data { objects { ${Q2_FIELDS_PEER} } } } } }`;

export const GATEWAYS: Gateway[] = [
  thisGateway('this', 'this gateway (development)', 'development', false),
  thisGateway('prod', 'this gateway (production)', 'production', false),
  thisGateway('this-cached', 'this gateway (development, cached)', 'development', true),
  thisGateway('prod-cached', 'this gateway (production, cached)', 'production', true),
  {
    id: 'lean',
    label: 'lean peer',
    prepare() {
      const start = performance.now();
      buildSync({
        entryPoints: [LEAN_SOURCE],
        outfile: `${WORK}lean/server.mjs`,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
        // CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      });
      return (performance.now() - start) / 1000;
    },
    command: () => ({ command: `node "${WORK}lean/server.mjs"`, cwd: ROOT }),
    q1: THIS_Q1,
    q2: THIS_Q2,
    q3: thisQ3,
    q1Name: (body) => body.data?.country?.names?.common,
    q2Count: (body) => body.data?.countries?.nodes?.length,
  },
  {
    id: 'mesh',
    label: 'stock Mesh v0',
    prepare(env) {
      mkdirSync(`${WORK}mesh`, { recursive: true });
      const config = readFileSync(`${PEERS}.meshrc.yml`, 'utf8').replaceAll('../../schema/', `${ROOT}schema/`);
      writeFileSync(`${WORK}mesh/.meshrc.yml`, config);
      return run(`${BIN}mesh`, ['build', '--dir', `${WORK}mesh`], PEERS, env);
    },
    command: (port) => ({ command: `"${BIN}mesh" start --dir "${WORK}mesh" --port ${port}`, cwd: PEERS }),
    q1: MESH_Q1,
    q2: MESH_Q2,
    q3: peerQ3(''),
    q1Name: (body) => body.data?.countriesByCode?.data?.objects?.[0]?.names?.common,
    q2Count: (body) => body.data?.listCountries?.data?.objects?.length,
  },
  {
    id: 'hive',
    label: 'Hive Gateway --jit',
    prepare(env) {
      mkdirSync(`${WORK}hive`, { recursive: true });
      return run(`${BIN}mesh-compose`, ['-c', `${PEERS}mesh.config.mjs`, '-o', `${WORK}hive/supergraph.graphql`], PEERS, env);
    },
    command: (port) => ({
      command: `"${BIN}hive-gateway" supergraph "${WORK}hive/supergraph.graphql" --jit --host 127.0.0.1 --port ${port} --fork 1`,
      cwd: PEERS,
    }),
    q1: '{ countriesByCode(q: "FR") { ... on CountryData_CountryPage { data { objects { names { common official } codes { alpha_2 alpha_3 } population } } } } }',
    q2: `{ listCountries(limit: 100) { ... on CountryData_CountryPage { data { objects { ${Q2_FIELDS_PEER} } } } } }`,
    q3: peerQ3('CountryData_'),
    q1Name: (body) => body.data?.countriesByCode?.data?.objects?.[0]?.names?.common,
    q2Count: (body) => body.data?.listCountries?.data?.objects?.length,
  },
  {
    id: 'tailcall',
    label: 'Tailcall',
    optional: true,
    prepare(env) {
      if (!TAILCALL_PLATFORM || !existsSync(TAILCALL)) throw new Error(`Tailcall's linux-x64 binary is not installed (${TAILCALL})`);
      // Fails here, not at start, when the binary needs a newer glibc than this machine's.
      run(TAILCALL, ['--version'], PEERS, env);
      return 0;
    },
    command: (port) => ({ command: `"${TAILCALL}" start "${tailcallConfig(port)}"`, cwd: PEERS }),
    // Its usage reports to tailcall.run stay off: the bench talks to loopback only.
    defaults: { TAILCALL_TRACKER: 'false' },
    q1: MESH_Q1,
    q2: MESH_Q2,
    q3: peerQ3('', 'String'),
    q1Name: (body) => body.data?.countriesByCode?.data?.objects?.[0]?.names?.common,
    q2Count: (body) => body.data?.listCountries?.data?.objects?.length,
  },
  {
    id: 'limit',
    label: 'node:http limit',
    prepare() {
      if (!existsSync(LIMIT_ANSWERS)) throw new Error(`the limit peer needs this gateway's answers in ${LIMIT_ANSWERS}`);
      return 0;
    },
    command: () => ({ command: `node --import tsx bench/limit-peer.ts "${LIMIT_ANSWERS}"`, cwd: ROOT }),
    q1: THIS_Q1,
    q2: THIS_Q2,
    q3: thisQ3,
    q1Name: (body) => body.data?.country?.names?.common,
    q2Count: (body) => body.data?.countries?.nodes?.length,
  },
];

/** The documents the limit peer answers: this gateway's Q1, Q2 and Q3, as the load tools send them. */
export const LIMIT_QUERIES: readonly string[] = [THIS_Q1, THIS_Q2, THIS_Q3];

/** Installs bench/peers (npm ci) when its node_modules is missing. */
export function ensurePeersInstalled(): void {
  const tailcallReady = !TAILCALL_PLATFORM || existsSync(TAILCALL);
  if (existsSync(`${PEERS}node_modules/.bin/hive-gateway`) && existsSync(`${PEERS}node_modules/autocannon`) && tailcallReady) return;
  console.log('installing the peers in bench/peers (npm ci, once) ...');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEERS, stdio: 'inherit' });
}

function installedVersion(modules: string, name: string): string {
  try {
    return JSON.parse(readFileSync(`${modules}${name}/package.json`, 'utf8')).version as string;
  } catch {
    return '?';
  }
}

/** Installed versions of the peers, for the report (the lean peer's from the project's own install). */
export function peerVersions(): Record<string, string> {
  const names = [
    '@graphql-mesh/cli',
    '@graphql-mesh/openapi',
    '@graphql-hive/gateway',
    '@graphql-mesh/compose-cli',
    '@omnigraph/openapi',
    '@tailcallhq/core-linux-x64-gnu',
    'autocannon',
    'undici',
  ];
  return {
    'graphql-yoga (lean peer)': installedVersion(`${ROOT}node_modules/`, 'graphql-yoga'),
    'undici (lean peer)': installedVersion(`${ROOT}node_modules/`, 'undici'),
    ...Object.fromEntries(names.map((name) => [name, installedVersion(`${PEERS}node_modules/`, name)])),
  };
}

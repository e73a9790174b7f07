/**
 * Every path parameter of the four OpenAPI documents reaches the vendor as exactly one segment.
 *
 * The operations come from the documents, the fields that serve them from the gateway itself: a
 * recording upstream on loopback (it answers 404 to everything) stands in for the four vendors,
 * every root field is called with values generated from its argument types, and each request the
 * recorder sees names the documented operation and the argument that filled each of its path
 * parameters. Each such argument is then sent values that would leave their segment if
 * interpolated as they are (`../`, `?`, `#`, `%2F`, `/`, `.`, `..`); the vendor must receive the
 * documented path with that one segment percent-encoded and nothing else, or nothing at all when
 * the argument's type or the gateway refuses the value. A new operation with a path parameter is
 * covered as soon as it is in a document and the graph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { buildGatewaySchema } from '../../src/gateway/build-schema.js';
import type { UpstreamName } from '../../src/gateway/config.js';
import { createGateway } from '../../src/gateway/server.js';
import type { ResolvedUpstream } from '../../src/gateway/upstream/upstream-fetch.js';
import { UpstreamTransport } from '../../src/gateway/upstream/upstream-transport.js';
import { SANDBOX_WALLETS } from '../../src/sandbox/blockchain-utility/index.js';
import { ROOT } from '../support/gateway.js';
import { VENDORS } from '../support/vendors.js';

const DOCUMENTS: Readonly<Record<string, UpstreamName>> = {
  'address.yaml': 'address',
  'blockchain-utility.yaml': 'blockchain-utility',
  'country-data.yaml': 'country-data',
  'crypto-analytics.yaml': 'crypto-analytics',
};
const UPSTREAMS = Object.values(DOCUMENTS);

/** Values that leave their segment if interpolated as they are. */
const HOSTILE = ['../x', 'a/b', 'a?b=c', 'a#b', 'a%2Fb', '..', '.', '../../../keys/ak_sandbox/usage?x='];

/** Valid values for arguments that refuse a plain marker, tried in order against the argument's type. */
const SAMPLES: readonly unknown[] = [
  'CHF',
  '1.1.1.1',
  '2025-03-01',
  'f81d4fae-7dec-41d0-a765-00a0c91e6bf6',
  'a'.repeat(64),
  SANDBOX_WALLETS.alice.address,
  'jane@example.com',
  'capitals.name',
  'CV4 7AL',
  '100',
  1,
  1.5,
  true,
];

interface Operation {
  upstream: UpstreamName;
  operationId: string;
  method: string;
  template: string;
  /** The path parameters, in template order, and whether each is a string. */
  pathParameters: { name: string; string: boolean }[];
  queryParameters: Set<string>;
  pattern: RegExp;
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `node` with local `$ref`s followed. */
function deref(document: Json, node: unknown): Json {
  if (!isJson(node)) return {};
  if (typeof node.$ref !== 'string') return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (isJson(at) ? at[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), document);
  return deref(document, target);
}

function isStringSchema(schema: Json): boolean {
  const { type } = schema;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

function documentedOperations(): Operation[] {
  const folder = join(ROOT, 'schema');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => {
      const upstream = DOCUMENTS[file];
      if (!upstream) throw new Error(`schema/${file} has no upstream in this test`);
      const document = parseYaml(readFileSync(join(folder, file), 'utf8')) as Json;
      return Object.entries(deref(document, document.paths)).flatMap(([template, rawItem]) => {
        const item = deref(document, rawItem);
        const shared = Array.isArray(item.parameters) ? item.parameters : [];
        return Object.entries(item)
          .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method))
          .map(([method, rawOperation]): Operation => {
            const operation = deref(document, rawOperation);
            const parameters = [...shared, ...(Array.isArray(operation.parameters) ? operation.parameters : [])].map((parameter) =>
              deref(document, parameter),
            );
            const inPath = new Map(
              parameters
                .filter((parameter) => parameter.in === 'path')
                .map((parameter) => [String(parameter.name), isStringSchema(deref(document, parameter.schema))]),
            );
            const names = [...template.matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => name);
            const source = names.reduce((text, name) => text.replace(`{${name}}`, '\0'), template);
            return {
              upstream,
              operationId: String(operation.operationId),
              method: method.toUpperCase(),
              template,
              pathParameters: names.map((name) => ({ name, string: inPath.get(name) ?? false })),
              queryParameters: new Set(
                parameters.filter((parameter) => parameter.in === 'query').map((parameter) => String(parameter.name)),
              ),
              pattern: new RegExp(`^${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\0/g, '([^/?#]+)')}$`),
            };
          });
      });
    });
}

/** One request as the recording upstream received it. */
interface Received {
  /** Whose prefix the request target starts with; none when a path walked out of its upstream's base URL. */
  upstream: UpstreamName | undefined;
  method: string;
  /** The request target after the upstream's prefix, exactly as sent: path and query. */
  target: string;
}

let recorder: Server;
let transport: UpstreamTransport;
let destroyMesh: () => void;
let gateway: ReturnType<typeof createGateway>;
let schemaRoots: GraphQLObjectType[];
const received: Received[] = [];
const operations = documentedOperations();

beforeAll(async () => {
  recorder = createServer((request, response) => {
    const target = request.url ?? '';
    const upstream = UPSTREAMS.find((name) => target.startsWith(`/${name}/`));
    received.push({ upstream, method: request.method ?? '', target: upstream ? target.slice(upstream.length + 1) : target });
    request.resume();
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'recorded', errors: [{ message: 'recorded' }] }));
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  const upstreams: ResolvedUpstream[] = UPSTREAMS.map((name) => ({
    name,
    url: `${base}/${name}`,
    credentials: { key: 'configured-key-1234' },
    vendor: VENDORS[name],
  }));
  const { schema, destroy } = await buildGatewaySchema(ROOT);
  destroyMesh = destroy;
  schemaRoots = [schema.getQueryType(), schema.getMutationType()].filter((root): root is GraphQLObjectType => Boolean(root));
  transport = new UpstreamTransport({ timeoutMs: 5000 });
  gateway = createGateway({ schema, upstreams, upstreamTimeoutMs: 5000, cacheTtlMs: 0, transport, metrics: false });
});

afterAll(async () => {
  recorder.closeAllConnections();
  await new Promise<void>((resolve) => recorder.close(() => resolve()));
  await transport.close();
  destroyMesh();
});

interface Call {
  root: GraphQLObjectType;
  field: GraphQLField<unknown, unknown>;
  /** Argument name → value; each argument is one variable of its own type. */
  values: Record<string, unknown>;
}

interface Outcome {
  requests: Received[];
  errors: { message: string; extensions?: Json }[];
}

/** Runs `call` through the gateway and returns what the recording upstream received meanwhile. */
async function run({ root, field, values }: Call): Promise<Outcome> {
  const args = field.args.filter((arg) => arg.name in values);
  const declarations = args.map((arg, index) => `$v${index}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg, index) => `${arg.name}: $v${index}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const operation = root.name === 'Mutation' ? 'mutation' : 'query';
  const query = `${operation} Probe${declarations ? `(${declarations})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  const variables = Object.fromEntries(args.map((arg, index) => [`v${index}`, values[arg.name]]));
  received.splice(0);
  const response = await gateway.fetch(
    new Request('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await response.json()) as { errors?: Outcome['errors'] };
  return { requests: received.splice(0), errors: body.errors ?? [] };
}

let markers = 0;

/** A value `type` accepts: a unique marker where it can, else the first sample it takes; undefined when none fits. */
function generate(type: GraphQLInputType, depth = 0): unknown {
  if (isNonNullType(type)) return generate(type.ofType, depth);
  if (isListType(type)) {
    const element = generate(type.ofType, depth);
    return element === undefined ? undefined : [element];
  }
  if (isEnumType(type)) return type.getValues()[0]?.name;
  if (isInputObjectType(type)) {
    if (depth > 3) return undefined;
    const value: Json = {};
    for (const field of Object.values(type.getFields())) {
      if (!isNonNullType(field.type) || field.defaultValue !== undefined) continue;
      const fieldValue = generate(field.type, depth + 1);
      if (fieldValue === undefined) return undefined;
      value[field.name] = fieldValue;
    }
    return value;
  }
  markers += 1;
  return [`zq${markers}x`, ...SAMPLES].find((candidate) => {
    try {
      return isScalarType(type) && type.parseValue(candidate) !== undefined;
    } catch {
      return false;
    }
  });
}

/** The calls to try for `field`: its required arguments alone, then with each optional scalar argument in turn. */
function callsOf(root: GraphQLObjectType, field: GraphQLField<unknown, unknown>): Call[] {
  const required: Record<string, unknown> = {};
  for (const arg of field.args.filter((candidate) => isNonNullType(candidate.type) && candidate.defaultValue === undefined)) {
    const value = generate(arg.type);
    if (value === undefined) return [];
    required[arg.name] = value;
  }
  const optional = field.args.filter((arg) => !(arg.name in required) && isScalarType(arg.type));
  return [
    { root, field, values: required },
    ...optional.flatMap((arg) => {
      const value = generate(arg.type);
      return value === undefined ? [] : [{ root, field, values: { ...required, [arg.name]: value } }];
    }),
  ];
}

/** The documented operation `request` is; a concrete path wins over a templated one, as in OpenAPI. */
function operationOf(request: Received): Operation | undefined {
  const path = request.target.split('?')[0] ?? '';
  return operations
    .filter((operation) => operation.upstream === request.upstream && operation.method === request.method && operation.pattern.test(path))
    .sort((a, b) => a.pathParameters.length - b.pathParameters.length)[0];
}

/** An operation with a string path parameter, the call that reaches it, and the argument behind each of its path parameters. */
interface Route {
  operation: Operation;
  call: Call;
  argumentOf: Record<string, string>;
}

/** Which argument of `call` filled each path parameter of `request`'s operation, if every one is accounted for. */
function routeOf(call: Call, request: Received): Route | undefined {
  const operation = operationOf(request);
  if (!operation?.pathParameters.some((parameter) => parameter.string)) return undefined;
  const segments = operation.pattern.exec(request.target.split('?')[0] ?? '')?.slice(1) ?? [];
  const argumentOf: Record<string, string> = {};
  for (const [index, parameter] of operation.pathParameters.entries()) {
    const segment = decodeURIComponent(segments[index] ?? '');
    const sources = Object.entries(call.values).filter(
      ([, value]) => (typeof value === 'string' || typeof value === 'number') && String(value) === segment,
    );
    if (sources.length !== 1) return undefined;
    argumentOf[parameter.name] = sources[0]?.[0] ?? '';
  }
  return { operation, call, argumentOf };
}

/** The path the vendor must receive when `values` fill the operation's parameters. */
function expectedPath(route: Route, values: Record<string, unknown>): string {
  return route.operation.pathParameters.reduce(
    (path, parameter) => path.replace(`{${parameter.name}}`, encodeURIComponent(String(values[route.argumentOf[parameter.name] ?? '']))),
    route.operation.template,
  );
}

describe('path parameters', () => {
  const withStringPathParameters = operations.filter((operation) => operation.pathParameters.some((parameter) => parameter.string));
  // OPTIONS operations are browsers' CORS preflights, no fields of the graph (see .meshrc.yml).
  const served = withStringPathParameters.filter((operation) => operation.method !== 'OPTIONS');
  const routes = new Map<string, Route>();

  it('the documents have operations with string path parameters on every interface but crypto analytics', () => {
    const count = (upstream: UpstreamName): number => served.filter((operation) => operation.upstream === upstream).length;
    expect(count('crypto-analytics')).toBe(0);
    for (const upstream of ['address', 'blockchain-utility', 'country-data'] as const) expect(count(upstream)).toBeGreaterThan(0);
  });

  it('every such operation is served by a root field, found by calling each one', async () => {
    for (const root of schemaRoots) {
      for (const field of Object.values(root.getFields())) {
        if (field.args.length === 0) continue;
        for (const call of callsOf(root, field)) {
          for (const request of (await run(call)).requests) {
            const route = routeOf(call, request);
            if (route && !routes.has(route.operation.operationId)) routes.set(route.operation.operationId, route);
          }
        }
      }
    }
    expect(served.filter((operation) => !routes.has(operation.operationId)).map((operation) => operation.operationId)).toEqual([]);
  });

  it('a value that would leave its segment reaches the vendor as one encoded segment of the documented path, or not at all', async () => {
    const failures: string[] = [];
    const delivered = new Map<UpstreamName, number>();
    for (const route of routes.values()) {
      const { operation, call, argumentOf } = route;
      for (const parameter of operation.pathParameters.filter((candidate) => candidate.string)) {
        const argument = argumentOf[parameter.name] ?? '';
        for (const value of HOSTILE) {
          const values = { ...call.values, [argument]: value };
          const { requests, errors } = await run({ ...call, values });
          const label = `${operation.operationId} via ${call.field.name}(${argument}: ${JSON.stringify(value)})`;
          if (requests.length === 0) {
            // Refused before any call: by the argument's type, or as a value no segment can hold.
            if (!['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED'].includes(String(errors[0]?.extensions?.code)))
              failures.push(`${label}: no request, and no input error but ${JSON.stringify(errors)}`);
            continue;
          }
          const [request] = requests;
          const [path = '', query] = (request?.target ?? '').split('?');
          const queryNames = [...new URLSearchParams(query ?? '').keys()];
          if (requests.length !== 1 || request?.method !== operation.method || path !== expectedPath(route, values)) {
            failures.push(
              `${label}: the vendor received ${JSON.stringify(requests)}, not ${operation.method} ${expectedPath(route, values)}`,
            );
          } else if (queryNames.some((name) => !operation.queryParameters.has(name))) {
            failures.push(`${label}: the query string ${JSON.stringify(query)} names parameters the operation does not document`);
          } else {
            delivered.set(operation.upstream, (delivered.get(operation.upstream) ?? 0) + 1);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // Not vacuous: on each interface with path parameters, some hostile values did reach the vendor, encoded.
    for (const upstream of ['address', 'blockchain-utility', 'country-data'] as const)
      expect(delivered.get(upstream) ?? 0).toBeGreaterThan(0);
  });
});

describe('the cases of issue 21', () => {
  const call = (name: string, values: Record<string, unknown>): Call => {
    const root = schemaRoots.find((candidate) => candidate.name === 'Query');
    const field = root?.getFields()[name];
    if (!root || !field) throw new Error(`Query.${name} is not in the schema`);
    return { root, field, values };
  };

  it('a suggestion id cannot reach another resource with the configured key', async () => {
    const { requests } = await run(call('resolveUkAddress', { id: '../../../keys/ak_sandbox/usage?x=' }));
    expect(requests.map(({ upstream, target }) => ({ upstream, target }))).toEqual([
      { upstream: 'address', target: '/autocomplete/addresses/..%2F..%2F..%2Fkeys%2Fak_sandbox%2Fusage%3Fx%3D/gbr' },
    ]);
  });

  it('a key cannot name another key', async () => {
    const { requests } = await run(call('keyConfigs', { key: '../keys/ak_sandbox' }));
    expect(requests.map(({ target }) => target)).toEqual(['/keys/..%2Fkeys%2Fak_sandbox/configs']);
  });

  it.each(['.', '..', ''])('%j is refused with the argument named as the graph names it, and nothing is sent', async (value) => {
    const { requests, errors } = await run(call('resolveUkAddress', { id: value }));
    expect(requests).toEqual([]);
    expect(errors).toMatchObject([{ path: ['resolveUkAddress'], extensions: { code: 'BAD_USER_INPUT', argument: 'id' } }]);
  });
});

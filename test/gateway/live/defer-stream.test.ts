/**
 * Incremental delivery: `@defer` and `@stream` on queries, answered in parts over
 * `multipart/mixed` (and SSE), with compiled execution on as in production (graphql-jit has no
 * incremental delivery, so these operations run on graphql-js). The parts, merged, are the
 * undeferred answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../../support/gateway.js';

/** One part of an incremental answer: the initial result, then patches at a path. */
interface Part {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  hasNext?: boolean;
  incremental?: { data?: Record<string, unknown>; items?: unknown[]; path: (string | number)[]; errors?: Part['errors'] }[];
}

const DEFERRED = `{
  country(code: "FR") {
    names { common }
    ... @defer { exchangeRates { base rates(currencies: ["USD", "GBP"]) { currency rate } } }
  }
}`;
const UNDEFERRED = DEFERRED.replace('... @defer {', '... {');
const STREAMED = '{ countries(limit: 3) { nodes @stream(initialCount: 1) { names { common } } } }';

let gateway: TestGateway;
/** A gateway whose key for crypto-analytics (A) is wrong, so A's fields fail and D's answer. */
let badKey: TestGateway;

beforeAll(async () => {
  [gateway, badKey] = await Promise.all([
    startTestGateway(),
    startTestGateway({ credentials: { 'crypto-analytics': { key: 'wrong-key' } } }),
  ]);
});

afterAll(async () => {
  await Promise.all([gateway?.close(), badKey?.close()]);
});

/** Reads a multipart/mixed body part by part, as the parts arrive (RFC 2046: a delimiter follows a CRLF). */
async function* multipartParts(response: Response): AsyncGenerator<Part> {
  const boundary = /boundary="?([^";]+)"?/.exec(response.headers.get('content-type') ?? '')?.[1];
  if (!boundary || !response.body) throw new Error(`not a multipart answer: ${response.headers.get('content-type')}`);
  const delimiter = `\r\n--${boundary}`;
  const decoder = new TextDecoder();
  // A leading CRLF lets the body's first delimiter match like the others.
  let buffer = '\r\n';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (;;) {
      const start = buffer.indexOf(delimiter);
      const end = start < 0 ? -1 : buffer.indexOf(delimiter, start + delimiter.length);
      if (end < 0) break;
      const part = buffer.slice(start + delimiter.length, end);
      buffer = buffer.slice(end);
      const body = part.slice(part.indexOf('\r\n\r\n') + 4).trim();
      if (body) yield JSON.parse(body) as Part;
    }
  }
}

/** Reads a text/event-stream body's `next` events. */
async function* eventParts(response: Response): AsyncGenerator<Part> {
  if (!response.body) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      const data = lines.find((line) => line.startsWith('data: '));
      if (lines.includes('event: next') && data) yield JSON.parse(data.slice(6)) as Part;
    }
  }
}

/** Applies every patch to the initial data: `data` merged at its path, `items` placed from the list index its path ends with. */
function merged(parts: readonly Part[]): unknown {
  const root = structuredClone(parts[0]?.data ?? {});
  const at = (path: readonly (string | number)[]): unknown =>
    path.reduce<unknown>((target, key) => (target as Record<string | number, unknown>)[key], root);
  for (const patch of parts.slice(1).flatMap((part) => part.incremental ?? [])) {
    if (patch.items) (at(patch.path.slice(0, -1)) as unknown[]).splice(Number(patch.path.at(-1)), patch.items.length, ...patch.items);
    if (patch.data) Object.assign(at(patch.path) as object, patch.data);
  }
  return root;
}

async function ask(query: string, accept: string, at: TestGateway = gateway): Promise<Response> {
  return at.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify({ query }),
  });
}

async function collect(parts: AsyncGenerator<Part>): Promise<Part[]> {
  const all: Part[] = [];
  for await (const part of parts) all.push(part);
  return all;
}

describe('@defer', () => {
  it('sends the name first and the exchange rates in a later part, over multipart/mixed', async () => {
    const response = await ask(DEFERRED, 'multipart/mixed');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    const parts = await collect(multipartParts(response));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts[0]).toMatchObject({ data: { country: { names: { common: 'France' } } }, hasNext: true });
    expect(parts[0]?.data?.country).not.toHaveProperty('exchangeRates');
    expect(parts.at(-1)?.hasNext).toBe(false);
    expect(parts.flatMap((part) => part.errors ?? [])).toEqual([]);
  });

  it('merges into exactly the undeferred answer', async () => {
    const parts = await collect(multipartParts(await ask(DEFERRED, 'multipart/mixed')));
    const whole = await gateway.query(UNDEFERRED);
    expect(whole.errors).toBeUndefined();
    expect(merged(parts)).toEqual(whole.data);
    expect((whole.data?.country as { exchangeRates: { rates: unknown[] } }).exchangeRates.rates).toHaveLength(2);
  });

  it('sends the same parts as SSE events', async () => {
    const response = await ask(DEFERRED, 'text/event-stream');
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const parts = await collect(eventParts(response));
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(merged(parts)).toEqual((await gateway.query(UNDEFERRED)).data);
  });

  it("reports a deferred field's upstream failure in its own part, with the catalogue's code, after the data that did not wait", async () => {
    const query = '{ country(code: "FR") { names { common } } ... @defer { token(symbol: "BTC") { name } } }';
    const parts = await collect(multipartParts(await ask(query, 'multipart/mixed', badKey)));
    expect(parts[0]).toMatchObject({ data: { country: { names: { common: 'France' } } }, hasNext: true });
    const [patch] = parts.slice(1).flatMap((part) => part.incremental ?? []);
    expect(patch?.data).toEqual({ token: null });
    expect(patch?.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'crypto-analytics' });
  });

  it('refuses with 406 a client that accepts only JSON, which cannot carry parts, saying which Accept it needs', async () => {
    const refused = await ask(DEFERRED, 'application/json');
    expect(refused.status).toBe(406);
    expect(refused.headers.get('accept')).toBe('multipart/mixed, text/event-stream');
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    const body = (await refused.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('NOT_ACCEPTABLE');
    expect(body.errors[0]?.message).toContain('@defer or @stream');
    expect(body.errors[0]?.message).toContain('this request accepts application/json');
  });

  it('refuses with 406, saying so, a client that accepts no JSON at all for a plain query', async () => {
    const refused = await ask(UNDEFERRED, 'text/html');
    expect(refused.status).toBe(406);
    const body = (await refused.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('NOT_ACCEPTABLE');
    expect(body.errors[0]?.message).toContain('application/graphql-response+json or application/json');
  });
});

describe('@stream', () => {
  it('sends the first list item at once and the rest as items patches', async () => {
    const parts = await collect(multipartParts(await ask(STREAMED, 'multipart/mixed')));
    const first = parts[0]?.data?.countries as { nodes: unknown[] };
    expect(first.nodes).toHaveLength(1);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const whole = await gateway.query(STREAMED.replace(' @stream(initialCount: 1)', ''));
    expect(merged(parts)).toEqual(whole.data);
  });
});

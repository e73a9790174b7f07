/**
 * The fault matrix's three tables: how an upstream misbehaves (modes), how its body is framed
 * (framings) and how a client reaches it (shapes). The suite runs every mode × framing × shape
 * cell; a new mode is one row here. A framing a mode cannot have is listed with the reason, and
 * the suite prints it as not applicable instead of leaving it out unnoticed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { UpstreamName } from '../../../src/gateway/config.js';
import type { ErrorCode } from '../../../src/gateway/errors.js';
import type { Framing, RawAnswer, RealAnswer } from './raw-fault-server.js';

export const FRAMINGS: readonly Framing[] = ['content-length', 'chunked', 'close'];

/** The upstream deadline the matrix's gateway runs with (UPSTREAM_TIMEOUT_MS). */
/** Short, so time-outs are quick, but above Retry-After's one second so the 429 retry fits inside it. */
export const UPSTREAM_TIMEOUT_MS = 2000;

/** The body the oversized mode announces: the size that used to end the process (issue 21). */
export const OVERSIZED_BYTES = 50 * 1024 * 1024;

/** What a fault has to work with while the gateway waits for its answer. */
export interface FaultContext {
  /** The answer in the cell's framing. */
  answer: RawAnswer;
  /** The real sandbox's answer to the same request. */
  real(): Promise<RealAnswer>;
  /** The credential values the gateway sent with this request. */
  sentSecrets: readonly string[];
  /** 1 for the cell's first request to the faulty upstream, 2 for the next, … */
  nth: number;
}

/** `ok`: the field answers in full; otherwise the catalogued code every error must carry. */
export type Outcome = 'ok' | ErrorCode;

export interface FaultMode {
  name: string;
  /** The outcome of a GET (retried when the status says so) and of a POST (never retried). */
  expect: { read: Outcome; write: Outcome };
  /** The outcome when the body is close-delimited, where that framing changes what the gateway can know. */
  closeDelimited?: Outcome;
  /** Framings this mode cannot have, each with the reason; `framingless` when none applies. */
  notApplicable?: Partial<Record<Framing, string>>;
  /** Set when no byte of an answer is written, so framing means nothing: the mode runs once, unframed. */
  framingless?: string;
  /** Connections are refused (the server stops listening for the cell), so the cell runs alone. */
  refuses?: boolean;
  /** The answer echoes the credentials it was sent, which the gateway must not pass on. */
  echoesKeys?: boolean;
  /** The fault keeps the answer waiting, so /healthz is necessarily timed while the call is in flight. */
  holds?: boolean;
  /** At most this many of the mode's cells at once, where more would measure the machine rather than the gateway. */
  together?: number;
  respond(context: FaultContext): void | Promise<void>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

async function passReal({ answer, real }: FaultContext): Promise<void> {
  const { status, headers, body } = await real();
  answer.send(status, headers, body);
}

/** Writes `total` bytes of JSON-looking filler as fast as the gateway reads them, until it hangs up. */
async function stream(answer: RawAnswer, total: number): Promise<void> {
  const piece = Buffer.alloc(64 * 1024, 0x20);
  answer.write('[');
  for (let sent = 1; sent < total - 1 && !answer.destroyed; sent += piece.length) {
    if (!answer.write(piece)) await answer.drained();
  }
  answer.write(']');
  answer.end();
}

/** Every mode of an upstream fault; the suite crosses each with every framing and shape. */
export const MODES: readonly FaultMode[] = [
  {
    name: 'latency',
    expect: { read: 'ok', write: 'ok' },
    holds: true,
    respond: async (context) => {
      await sleep(300);
      await passReal(context);
    },
  },
  {
    name: 'time-out',
    expect: { read: 'UPSTREAM_TIMEOUT', write: 'UPSTREAM_TIMEOUT' },
    holds: true,
    framingless: 'no header arrives before the deadline, so there is no body to frame',
    // The connection stays open and silent; the gateway's deadline is what ends it.
    respond: () => undefined,
  },
  {
    name: '4xx',
    expect: { read: 'FORBIDDEN', write: 'FORBIDDEN' },
    respond: ({ answer }) => answer.send(403, JSON_TYPE, JSON.stringify({ message: 'not allowed', errors: [{ message: 'not allowed' }] })),
  },
  {
    name: '5xx',
    expect: { read: 'UPSTREAM_ERROR', write: 'UPSTREAM_ERROR' },
    // 502 is retried on a GET; address (C) would read 503 as its rate limit, so not 503.
    respond: ({ answer }) => answer.send(502, { 'content-type': 'text/plain' }, 'bad gateway'),
  },
  {
    name: '429 with Retry-After',
    // A GET waits the second out and its retry succeeds; a POST is never retried.
    expect: { read: 'ok', write: 'RATE_LIMITED' },
    respond: async (context) => {
      if (context.nth > 1) return passReal(context);
      context.answer.send(429, { 'retry-after': '1', 'content-type': 'text/plain' }, 'slow down');
    },
  },
  {
    name: '429 without Retry-After',
    expect: { read: 'RATE_LIMITED', write: 'RATE_LIMITED' },
    respond: ({ answer }) => answer.send(429, { 'content-type': 'text/plain' }, 'slow down'),
  },
  {
    name: 'reset before the headers',
    expect: { read: 'UPSTREAM_UNAVAILABLE', write: 'UPSTREAM_UNAVAILABLE' },
    framingless: 'the connection is reset before any byte of an answer',
    respond: ({ answer }) => answer.reset(),
  },
  {
    name: 'reset before the body',
    expect: { read: 'UPSTREAM_UNAVAILABLE', write: 'UPSTREAM_UNAVAILABLE' },
    // undici reads a reset of a close-delimited answer as its end (client-h1.js, onSocketError:
    // ECONNRESET on a response without keep-alive finishes the parser), so the gateway sees a
    // short 200 answer: one not in the documented format.
    closeDelimited: 'UPSTREAM_ERROR',
    respond: async ({ answer }) => {
      answer.head(200, JSON_TYPE, 1000);
      await sleep(20);
      answer.reset();
    },
  },
  {
    name: 'reset mid-body',
    expect: { read: 'UPSTREAM_UNAVAILABLE', write: 'UPSTREAM_UNAVAILABLE' },
    closeDelimited: 'UPSTREAM_ERROR',
    respond: async ({ answer }) => {
      answer.head(200, JSON_TYPE, 1000);
      answer.write('{"data": [{"name": "half');
      await sleep(20);
      answer.reset();
    },
  },
  {
    name: 'connection refused',
    expect: { read: 'UPSTREAM_UNAVAILABLE', write: 'UPSTREAM_UNAVAILABLE' },
    framingless: 'no connection, so no answer',
    refuses: true,
    respond: ({ answer }) => answer.reset(),
  },
  {
    name: 'malformed JSON',
    expect: { read: 'UPSTREAM_ERROR', write: 'UPSTREAM_ERROR' },
    respond: ({ answer }) => answer.send(200, JSON_TYPE, '{"data": [{"name": "half'),
  },
  {
    name: 'truncated body',
    expect: { read: 'UPSTREAM_UNAVAILABLE', write: 'UPSTREAM_UNAVAILABLE' },
    notApplicable: {
      close: 'a close-delimited body ends where the connection closes, so a cut one is only short: the malformed-JSON row',
    },
    // The length (or the chunk stream) promises more than comes, then the connection closes cleanly.
    respond: ({ answer }) => {
      answer.head(200, JSON_TYPE, 1000);
      answer.write('{"data": [{"name": "half');
      answer.close();
    },
  },
  {
    name: 'slow body',
    expect: { read: 'UPSTREAM_TIMEOUT', write: 'UPSTREAM_TIMEOUT' },
    holds: true,
    // A byte every 100 ms never lets an idle timer fire: only a deadline over the whole body ends it.
    respond: async ({ answer, real }) => {
      const { status, headers, body } = await real();
      answer.head(status, headers, body.length);
      for (let at = 0; at < body.length && !answer.destroyed; at += 1) {
        answer.write(body.subarray(at, at + 1));
        await sleep(100);
      }
      answer.end();
    },
  },
  {
    name: 'wrong content type',
    // The documented JSON under text/plain: the body is what the vendor documents, so it is read.
    expect: { read: 'ok', write: 'ok' },
    respond: async ({ answer, real }) => {
      const { status, headers, body } = await real();
      answer.send(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' }, body);
    },
  },
  {
    name: 'HTML 200',
    expect: { read: 'UPSTREAM_ERROR', write: 'UPSTREAM_ERROR' },
    respond: ({ answer }) =>
      answer.send(200, { 'content-type': 'text/html' }, '<!doctype html><html><body><h1>Down for maintenance</h1></body></html>'),
  },
  {
    name: 'key echo',
    expect: { read: 'UNAUTHENTICATED', write: 'UNAUTHENTICATED' },
    echoesKeys: true,
    // Everywhere each vendor's error reader looks: message, code, errors[].message, and a header.
    respond: ({ answer, sentSecrets }) => {
      const echo = `invalid credentials: ${sentSecrets.join(' ')}`;
      answer.send(
        401,
        { ...JSON_TYPE, 'www-authenticate': `Bearer error="${sentSecrets.join(' ')}"` },
        JSON.stringify({ message: echo, code: sentSecrets[0] ?? '', errors: [{ message: echo }] }),
      );
    },
  },
  {
    name: 'oversized body',
    expect: { read: 'UPSTREAM_RESPONSE_TOO_LARGE', write: 'UPSTREAM_RESPONSE_TOO_LARGE' },
    // Each streamed cell pushes 10 MB through the gateway; fifteen at once on two cores would
    // time the machine's CPU, not the gateway's event loop, so one framing's five shapes at a time.
    together: 5,
    respond: ({ answer }) => {
      answer.head(200, JSON_TYPE, OVERSIZED_BYTES);
      return stream(answer, OVERSIZED_BYTES);
    },
  },
];

/** A GraphQL answer as the shapes read it. */
export type Data = Record<string, unknown> | null | undefined;

export interface Shape {
  name: string;
  /** The upstream the fault is injected into; the others stay healthy. */
  faulted: UpstreamName;
  method: 'GET' | 'POST';
  /** Whether the cell sends its own keys (x-*-api-key): needed where a cache would otherwise share answers between cells. */
  clientKeys: boolean;
  /** D's slowly changing records: the cell also checks a failure is not cached, and a cached answer outlives a fault. */
  cached: boolean;
  document(cell: string): string;
  /** The part fed by the faulty upstream answered in full. */
  answered(data: Data, cell: string): boolean;
  /** The part fed by healthy upstreams answered; undefined where the operation can have none (see `alone`). */
  healthy?: (data: Data) => boolean;
  /** Why the shape has no healthy part. */
  alone?: string;
}

function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const step of path) current = current !== null && typeof current === 'object' ? Reflect.get(current, step) : undefined;
  return current;
}

const stablecoinAnswers = (data: Data): boolean => typeof at(data, 'stablecoinState', 'reserveRatio') === 'number';

/** The ways a client reaches an upstream. */
export const SHAPES: readonly Shape[] = [
  {
    name: 'query',
    faulted: 'crypto-analytics',
    method: 'GET',
    clientKeys: false,
    cached: false,
    document: () => '{ tokens(limit: 2) { symbol } stablecoinState { reserveRatio } }',
    answered: (data) => Array.isArray(at(data, 'tokens')) && at(data, 'tokens', 1, 'symbol') !== undefined,
    healthy: stablecoinAnswers,
  },
  {
    name: 'mutation',
    faulted: 'address',
    method: 'POST',
    clientKeys: true,
    cached: false,
    document: (cell) => `mutation { createKeyConfig(key: "ak_sandbox", input: { name: "${cell}", payload: "1" }) { name } }`,
    answered: (data, cell) => at(data, 'createKeyConfig', 'name') === cell,
    alone: "a mutation's root fields run one after another and each changes state, so it is checked on its own",
  },
  {
    name: 'fan-out',
    faulted: 'crypto-analytics',
    method: 'GET',
    clientKeys: false,
    cached: false,
    document: () => '{ cryptoBrief(currency: "EUR") { inputCount } stablecoinState { reserveRatio } }',
    answered: (data) => Number(at(data, 'cryptoBrief', 'inputCount')) >= 50,
    healthy: stablecoinAnswers,
  },
  {
    name: 'cross-interface',
    faulted: 'country-data',
    method: 'GET',
    clientKeys: true,
    cached: false,
    // A's tokens (healthy) with D's rate (faulty) in one field each.
    document: () => '{ tokens(limit: 2) { symbol price(currency: "EUR") { amount } } }',
    answered: (data) => [0, 1].every((index) => typeof at(data, 'tokens', index, 'price', 'amount') === 'number'),
    healthy: (data) => [0, 1].every((index) => typeof at(data, 'tokens', index, 'symbol') === 'string'),
  },
  {
    name: 'cached path',
    faulted: 'country-data',
    method: 'GET',
    clientKeys: true,
    cached: true,
    document: () => '{ country(code: "FR") { names { common } } stablecoinState { reserveRatio } }',
    answered: (data) => at(data, 'country', 'names', 'common') === 'France',
    healthy: stablecoinAnswers,
  },
];

/** One cell: a mode, a framing (`unframed` for framingless modes) and a shape. */
export interface Cell {
  id: string;
  mode: FaultMode;
  framing: Framing | 'unframed';
  shape: Shape;
  expected: Outcome;
}

/** The not-applicable combinations, each with its reason. */
export interface Gap {
  mode: FaultMode;
  framing: Framing;
  reason: string;
}

/** Crosses the tables: the cells to run and the gaps to report. */
export function crossTables(): { cells: Cell[]; gaps: Gap[] } {
  const cells: Cell[] = [];
  const gaps: Gap[] = [];
  MODES.forEach((mode, modeIndex) => {
    const framings: (Framing | 'unframed')[] = mode.framingless
      ? ['unframed']
      : FRAMINGS.filter((framing) => !mode.notApplicable?.[framing]);
    for (const framing of FRAMINGS) {
      const reason = mode.framingless ?? mode.notApplicable?.[framing];
      if (reason) gaps.push({ mode, framing, reason });
    }
    for (const framing of framings)
      SHAPES.forEach((shape, shapeIndex) => {
        const id = `fm-${modeIndex}-${framing}-${shapeIndex}`;
        const expected =
          framing === 'close' && mode.closeDelimited ? mode.closeDelimited : mode.expect[shape.method === 'POST' ? 'write' : 'read'];
        cells.push({ id, mode, framing, shape, expected });
      });
  });
  return { cells, gaps };
}

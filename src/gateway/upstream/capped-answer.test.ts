import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyTooLargeError, BufferBudget, BufferBudgetExceededError, readAnswer } from './capped-answer.js';

/** How each path of the loopback server answers; `written` counts the body bytes it wrote per path. */
const written = new Map<string, number>();
const routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void> = {
  // A multi-byte character split across two writes, a turn of the event loop apart.
  '/split': (_request, response) => {
    const bytes = Buffer.from('{"name":"Côte d’Ivoire"}');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write(bytes.subarray(0, 11));
    setTimeout(() => response.end(bytes.subarray(11)), 5);
  },
  '/repeated': (_request, response) => {
    response.setHeader('vary', ['accept', 'origin']);
    response.setHeader('x-upstream', 'one');
    response.end('{}');
  },
  '/declared': (_request, response) => {
    response.writeHead(200, { 'content-length': '50' });
    response.end('x'.repeat(50));
  },
  // 1 KiB a turn until the client goes away.
  '/endless': (request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    const path = request.url ?? '';
    const more = (): void => {
      if (response.destroyed) return;
      written.set(path, (written.get(path) ?? 0) + 1024);
      response.write(Buffer.alloc(1024, 32), () => setImmediate(more));
    };
    more();
  },
  // Headers and half the declared body, then the connection drops.
  '/cut-short': (request, response) => {
    response.writeHead(200, { 'content-length': '100' });
    response.write('x'.repeat(50), () => request.socket.destroy());
  },
  '/slow': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"a":');
    setTimeout(() => response.end('1}'), 2000).unref();
  },
};

let server: Server;
let pool: Pool;

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes[(request.url ?? '').split('?')[0] ?? ''];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await pool.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = (path: string) => ({ path, method: 'GET' as const, headersTimeout: 5000, bodyTimeout: 5000 });

/** The pool still answers after a failure: a failed exchange never breaks the next one. */
async function stillAnswers(): Promise<void> {
  expect((await readAnswer(pool, get('/repeated'), { maxBytes: 1000 })).status).toBe(200);
}

describe('readAnswer', () => {
  it('decodes a body within the cap, a multi-byte character split across chunks included', async () => {
    const answer = await readAnswer(pool, get('/split'), { maxBytes: 1000 });
    expect(answer).toMatchObject({ status: 200, text: '{"name":"Côte d’Ivoire"}' });
    expect(answer.headers['content-type']).toBe('application/json');
  });

  it("names headers as undici's parser does and joins a repeated one", async () => {
    const { headers } = await readAnswer(pool, get('/repeated'), { maxBytes: 1000 });
    expect(headers).toMatchObject({ vary: 'accept, origin', 'x-upstream': 'one' });
  });

  it('fails as soon as a body passes the cap, or when Content-Length already says it will', async () => {
    await expect(readAnswer(pool, get('/endless?cap'), { maxBytes: 10 * 1024 })).rejects.toBeInstanceOf(BodyTooLargeError);
    await sleep(50);
    // Cut off at the cap, not read on: the server saw its connection go within a few writes of it.
    expect(written.get('/endless?cap')).toBeLessThan(64 * 1024);
    await expect(readAnswer(pool, get('/declared'), { maxBytes: 10 })).rejects.toBeInstanceOf(BodyTooLargeError);
    await stillAnswers();
  });

  it('cuts off the body that would pass the process budget, and gives every byte back once bodies settle', async () => {
    const budget = new BufferBudget(16 * 1024);
    const outcomes = await Promise.allSettled([
      readAnswer(pool, get('/endless?a'), { maxBytes: 10 * 1024, budget }),
      readAnswer(pool, get('/endless?b'), { maxBytes: 10 * 1024, budget }),
    ]);
    const reasons = outcomes.map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as unknown) : undefined));
    expect(reasons.some((reason) => reason instanceof BufferBudgetExceededError)).toBe(true);
    expect(reasons.every((reason) => reason instanceof BufferBudgetExceededError || reason instanceof BodyTooLargeError)).toBe(true);
    // Everything was given back: nothing is held, so the whole budget can be taken again.
    expect(budget.take(16 * 1024)).toBe(true);
    budget.give(16 * 1024);
    expect((await readAnswer(pool, get('/split'), { maxBytes: 1000, budget })).status).toBe(200);
    expect(budget.take(16 * 1024)).toBe(true);
  });

  it('fails with the signal’s reason when it aborts, before the exchange starts or in the middle of the body', async () => {
    const reason = new Error('deadline passed');
    const early = Object.assign(new EventEmitter(), { aborted: true, reason });
    await expect(readAnswer(pool, get('/slow'), { maxBytes: 1000, signal: early })).rejects.toBe(reason);
    const late = Object.assign(new EventEmitter(), { aborted: false, reason: undefined as Error | undefined });
    const reading = readAnswer(pool, get('/slow'), { maxBytes: 1000, signal: late });
    setTimeout(() => {
      late.aborted = true;
      late.reason = reason;
      late.emit('abort');
    }, 50);
    await expect(reading).rejects.toBe(reason);
    // The listener went with the exchange.
    expect(late.listenerCount('abort')).toBe(0);
    await stillAnswers();
  });

  it('fails when the connection drops in the middle of the body, and the budget gets its bytes back', async () => {
    const budget = new BufferBudget(1024);
    await expect(readAnswer(pool, get('/cut-short'), { maxBytes: 1000, budget })).rejects.toBeInstanceOf(Error);
    expect(budget.take(1024)).toBe(true);
    await stillAnswers();
  });
});

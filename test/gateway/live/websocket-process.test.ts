/**
 * WebSocket in the real gateway process (`src/main.ts`, its sandboxes on free ports): the
 * composition root attaches it to the bound port, and on SIGTERM the drain completes the
 * subscription, closes the connection with 1001 and exits 0 well before its deadline (an open
 * WebSocket would otherwise hold the listener open until SHUTDOWN_TIMEOUT_MS cut it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type GatewayProcess, spawnGateway } from '../ops/gateway-process.js';

const START_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 20_000;

let gateway: GatewayProcess;
let url: string;

beforeAll(async () => {
  gateway = spawnGateway({ PORT: '0', LIVE_INTERVAL_MS_STABLECOIN: '200', SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS) });
  const ready = await gateway.logLine('gateway ready');
  url = String(ready.url).replace(/^http:/, 'ws:');
}, START_TIMEOUT_MS);

afterAll(() => {
  if (gateway.child.exitCode === null) gateway.child.kill('SIGKILL');
});

describe('the gateway process over WebSocket', () => {
  it('streams a subscription, and on SIGTERM completes it, closes with 1001 and exits 0', { timeout: 40_000 }, async () => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const messages: { type: string; id?: string; payload?: unknown }[] = [];
    const arrived = (type: string): Promise<void> =>
      new Promise((resolve) => {
        const look = (): void => {
          if (messages.some((message) => message.type === type)) resolve();
          else socket.once('message', look);
        };
        look();
      });
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as { type: string; id?: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await arrived('connection_ack');
    socket.send(JSON.stringify({ id: 'live', type: 'subscribe', payload: { query: 'subscription { stablecoinState { reserveRatio } }' } }));
    await arrived('next');
    expect(messages.find((message) => message.type === 'next')?.payload).toMatchObject({ data: { stablecoinState: {} } });

    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const started = Date.now();
    gateway.child.kill('SIGTERM');
    expect(await closed).toBe(1001);
    expect(messages.at(-1)).toEqual({ id: 'live', type: 'complete' });
    expect(await gateway.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_TIMEOUT_MS / 2);
  });
});

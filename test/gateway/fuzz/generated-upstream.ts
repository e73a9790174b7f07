/**
 * A loopback stand-in for all four vendors at once: each interface lives under its own path
 * prefix (`/country-data/...`), and every request gets the answer its OpenAPI document generates
 * under the current plan. It keeps what it served, so a failing case can show the bodies.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { UpstreamName } from '../../../src/gateway/config.js';
import { type AnswerPlan, loadOpenApiAnswers, type OpenApiAnswers } from './openapi-answers.js';

export const UPSTREAM_NAMES: readonly UpstreamName[] = ['crypto-analytics', 'blockchain-utility', 'address', 'country-data'];

export interface ServedAnswer {
  upstream: string;
  method: string;
  path: string;
  status: number;
  body: string;
}

export interface GeneratedUpstream {
  /** The base URL of one interface. */
  urlOf(upstream: UpstreamName): string;
  /** Answers from now on follow `plan`; forgets what was served before. */
  setPlan(plan: AnswerPlan): void;
  readonly served: readonly ServedAnswer[];
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1, its documents read from `schemaFolder`. */
export async function startGeneratedUpstream(schemaFolder: string): Promise<GeneratedUpstream> {
  const documents = new Map<string, OpenApiAnswers>(
    UPSTREAM_NAMES.map((name) => [name, loadOpenApiAnswers(join(schemaFolder, `${name}.yaml`))]),
  );
  let plan: AnswerPlan = { seed: 0, mode: 'fit' };
  const served: ServedAnswer[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream.invalid');
    const [, upstream = '', ...rest] = url.pathname.split('/');
    const method = request.method ?? 'GET';
    const answer = documents.get(upstream)?.answer(method, `/${rest.join('/')}`, plan) ?? {
      status: 404,
      body: JSON.stringify({ message: `No such resource: ${url.pathname}` }),
    };
    served.push({ upstream, method, path: `${url.pathname}${url.search}`, ...answer });
    // The request body is not read, but must be drained so keep-alive connections stay usable.
    request.resume();
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urlOf: (upstream) => `${base}/${upstream}`,
    setPlan(next) {
      plan = next;
      served.length = 0;
    },
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

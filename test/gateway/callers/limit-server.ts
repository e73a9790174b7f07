/**
 * One replica for limits-redis.test.ts, as its own process: the callers' rate limit on the counter
 * store (REDIS_URL) behind a minimal Yoga, the caller named by the `x-caller` header. Prints its
 * port as one JSON line on stdout; logs JSON lines on stderr, where the test counts warnings.
 */
import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';
import { readCallerLimits } from '../../../src/gateway/callers/caller-limits.js';
import { createCounterStore } from '../../../src/gateway/callers/counter-store.js';
import { CallerRateLimit } from '../../../src/gateway/callers/rate-limit.js';
import { useRateLimit } from '../../../src/gateway/callers/use-rate-limit.js';
import { createLogger } from '../../../src/gateway/logger.js';
import { UPSTREAM_VARIABLES } from '../../../src/gateway/config.js';

const logger = createLogger('info', { write: (line: string) => process.stderr.write(line) });
const store = createCounterStore({ redisUrl: process.env.REDIS_URL, keyPrefix: 'limits-test:', logger, commandTimeoutMs: 100 });
const yoga = createYoga({
  schema: createSchema({ typeDefs: 'type Query { ping: String }', resolvers: { Query: { ping: () => 'pong' } } }),
  logging: false,
  plugins: [
    useRateLimit({
      callerOf: (request) => {
        const id = request.headers.get('x-caller');
        return id ? { id, scopes: new Set(), tier: 'standard', anonymous: false } : undefined;
      },
      rateLimit: new CallerRateLimit(readCallerLimits(process.env, UPSTREAM_VARIABLES), store),
    }),
  ],
});
const server = createServer(yoga);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  void store.close();
});

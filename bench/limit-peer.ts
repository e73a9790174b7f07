/**
 * The limit of `npm run bench`: plain node:http answering each known request body with answer
 * bytes held in memory, the least a server on this Node can do per GraphQL request. The bench
 * takes the bytes from this gateway's own answers to Q1–Q3 at start (run.ts) and passes the file:
 * `node --import tsx bench/limit-peer.ts <answers.json>`, PORT in the environment.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** One request body as the load tools send it, and the answer to it. */
export interface LimitAnswer {
  body: string;
  answer: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: limit-peer.ts <answers.json>');
const answers = new Map(
  (JSON.parse(readFileSync(file, 'utf8')) as LimitAnswer[]).map(({ body, answer }) => [body, Buffer.from(answer)] as const),
);
const NOT_FOUND = Buffer.from('{"errors":[{"message":"the limit peer knows only the bench\'s queries"}]}');

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const answer = answers.get(Buffer.concat(chunks).toString());
    response.writeHead(answer ? 200 : 400, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': (answer ?? NOT_FOUND).length,
    });
    response.end(answer ?? NOT_FOUND);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 4000), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));

// Build step, after the bundle: starts the built gateway once as `npm start` does, with its
// sandboxes, asks one query that reaches all four interfaces, and stops it once it has settled
// and saved its code cache (src/gateway/ops/code-cache.ts). So the first `npm start` after
// `npm ci`, and the image's first start (Dockerfile), take the cache instead of compiling.
//
// The environment is a clean one: a developer's .env or shell may point the interfaces at the
// real vendors with metered keys, and a build must not spend them. NODE_OPTIONS passes through,
// since V8 refuses a cache made under other flags than the start's. Priming is a saving, not a
// step the build depends on: if it fails, the build says so and goes on.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settled 300 ms after serving (main.ts); the rest is margin for a slow machine. */
const AFTER_ANSWER_MS = 1_500;
/** Sandboxes load their data first; a start that takes longer than this is left unprimed. */
const GIVE_UP_MS = 60_000;
const QUERY =
  '{ country(code: "FR") { names { common } } tokens(limit: 1) { symbol } stablecoinState { reserveRatio } addressSuggestions(query: "10 Downing") { suggestion } }';
const PASSED_ON = ['PATH', 'HOME', 'TMPDIR', 'NODE_OPTIONS', 'NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE'];

const root = fileURLToPath(new URL('..', import.meta.url));

async function prime() {
  // Run elsewhere than the repository, so the gateway finds no .env to load.
  const cwd = mkdtempSync(join(tmpdir(), 'prime-code-cache-'));
  const env = Object.fromEntries(PASSED_ON.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])));
  const child = spawn(process.execPath, [join(root, 'dist/main.js')], {
    cwd,
    env: { ...env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "gateway ready" within ${GIVE_UP_MS / 1000} s`)), GIVE_UP_MS);
      let lines = '';
      child.stdout.on('data', (chunk) => {
        lines += chunk;
        const ready = lines.split('\n').find((line) => line.includes('"gateway ready'));
        if (ready) {
          clearTimeout(timer);
          resolve(JSON.parse(ready).url);
        }
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the gateway exited (${code}) before it was ready: ${errors.slice(-500)}`));
      });
    });
    const response = await globalThis.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    if (!response.ok) throw new Error(`the query was answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, AFTER_ANSWER_MS));
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(cwd, { recursive: true, force: true });
  }
}

if (process.env.NODE_DISABLE_COMPILE_CACHE) process.exit(0);
await prime().catch((error) => console.warn(`code cache not primed (the first start will compile): ${error.message}`));

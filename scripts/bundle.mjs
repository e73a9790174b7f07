// Build step: bundles the gateway (src/main.ts and everything it imports, node_modules included)
// into one CommonJS file, dist/gateway.cjs, and its launcher (src/launcher.ts) into dist/main.js,
// which `npm start` runs. Loading one file instead of about a thousand modules is most of what
// makes the gateway start fast: Node's per-module resolution, file reads and compilation were half
// of the start-up. CommonJS because V8's code cache, which the launcher reads and writes
// (src/gateway/ops/code-cache.ts), is open to scripts on every Node line and to ES modules on none.
// The sandboxes are not bundled: the composition root imports them only when an interface has no
// URL, and they load from the tsc output in dist/sandbox/ as they always did.
//
// Every bundled module of src/ keeps its own `import.meta.url` (the place tsc's output of it
// would have in dist/), so the SDL files and documents it reads beside itself, which
// copy-assets.mjs put there, are found as before.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = `${root}src/`;
const dist = `${root}dist`;
const outfile = `${dist}/gateway.cjs`;

/** The composition root's imports of sandbox code stay out of the bundle: they load from dist/sandbox/. */
const sandboxesApart = {
  name: 'sandboxes-apart',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/sandbox\// }, (args) =>
      args.importer === `${src}main.ts` ? { path: args.path, external: true } : undefined,
    );
  },
};

/** Rewrites `import.meta.url` in each module of src/ to the URL its own compiled file has in dist/. */
const ownModuleUrls = {
  name: 'own-module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\/src\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const compiled = relative(dirname(outfile), `${root}dist/${relative(src, args.path)}`).replace(/\.ts$/, '.js');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(`./${compiled}`)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/**
 * graphql resolves to its CommonJS build (Node's resolution, which the rest of node_modules
 * shares, so there is one graphql), and esbuild gives every ES module that imports it a wrapper of
 * its own with a getter per export: 210 importers made 48,000 getters and their closures, 6 MB
 * of every process's heap. Imported through this one ES module, graphql is wrapped once.
 *
 * The module reads each export into a constant of its own once, at load, rather than re-export
 * it: a re-export is a getter (in front of graphql's own CommonJS getters), and every call of
 * isObjectType or getNamedType through it paid both. Until V8's optimizing tiers inline them
 * that was 20 ms of a start (profiled on Node 24); the importers now call graphql's functions
 * directly. graphql's exports are constants, so nothing is lost by reading them once.
 */
const graphqlExports = Object.keys(createRequire(import.meta.url)('graphql')).filter((name) => name !== 'default' && name !== '__esModule');
const oneGraphqlWrapper = {
  name: 'one-graphql-wrapper',
  setup(builder) {
    builder.onResolve({ filter: /^graphql$/ }, (args) =>
      args.kind === 'import-statement' && args.namespace === 'file' ? { path: 'graphql', namespace: 'one-graphql-wrapper' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'one-graphql-wrapper' }, () => ({
      contents: `import * as graphqlModule from 'graphql';\nexport const { ${graphqlExports.join(', ')} } = graphqlModule;`,
      resolveDir: root,
    }));
  },
};

/**
 * OpenTelemetry's packages as their ES builds (their `module` field), not the CommonJS ones Node's
 * resolution picks. In CommonJS every name one of them takes from another (`api.trace`,
 * `api.SamplingDecision`) is read through a getter, TypeScript's re-export and then esbuild's
 * copy of it: a traced request paid about 0.7 µs for the getters of its server span's start alone.
 * Between ES modules esbuild binds the names directly. The API finds its registered provider
 * through a global symbol, so it is one API whichever build a module of it comes from.
 */
const openTelemetryEsBuilds = {
  name: 'opentelemetry-es-builds',
  setup(builder) {
    builder.onResolve({ filter: /^@opentelemetry\/[^/]+$/ }, (args) => {
      // Its manifest may not be exported, so it is found above the entry Node resolves.
      let folder = dirname(createRequire(args.importer || `${root}package.json`).resolve(args.path));
      while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder);
      const { name, module } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      return name === args.path && typeof module === 'string' ? { path: join(folder, module) } : undefined;
    });
  },
};

const { outputFiles } = await build({
  entryPoints: [`${src}main.ts`],
  outfile,
  write: false,
  bundle: true,
  platform: 'node',
  // Built-ins are require()d as they are: an ES import of node:http would build its ES facade,
  // which on Node >= 22 reads the lazy WebSocket getters and loads Node's own undici (25 ms).
  format: 'cjs',
  target: 'node20',
  // import() becomes require(): V8 does not keep a script's import() handler in its code cache,
  // so an import() in a script compiled from one fails (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING).
  // The sandboxes' ES modules load through require() too (Node >= 20.19); none awaits at its top.
  supported: { 'dynamic-import': false },
  sourcemap: true,
  // V8 keeps the bundle's source in memory and scans all of it at each start: without the
  // indentation and line breaks it is 4.6 MB instead of 6.6 MB. Names stay, so stack traces read
  // as before (and the source map maps them back to src/).
  minifyWhitespace: true,
  logLevel: 'warning',
  // The ES modules inside read import.meta.url; in one CommonJS file it is the file's own URL.
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__bundleUrl' },
  // GraphiQL's page (9 MB of script) is imported on the first visit; bundled, every start would load it.
  external: ['@graphql-yoga/render-graphiql'],
  plugins: [sandboxesApart, ownModuleUrls, oneGraphqlWrapper, openTelemetryEsBuilds],
});

// V8 keeps a module's source for as long as its functions live, and stores it at two bytes a
// character if a single character is outside Latin-1: a few arrows and signs in comments (and
// one in a dependency's regular expression) doubled the bundle's 6.6 MB to 13 MiB of every
// process's memory. Escaped, every character is ASCII and the source is held at one byte each.
// A \u escape means the same character in a string, a regular expression, a template, an
// identifier or a comment; only String.raw would see the difference, and the bundle has none
// outside ASCII. Source-map columns after an escape on its line shift by a few characters. The
// launcher counts on it too: it reads the bundle as Latin-1, a byte a character (code-cache.ts).
for (const output of outputFiles) {
  const text = output.path === outfile ? output.text : undefined;
  // A backslash before such a character would turn the escape into a literal backslash: refuse to guess.
  if (text !== undefined && /\\[^\0-\x7f]/.test(text))
    throw new Error(`${output.path} escapes a non-ASCII character itself; escape it by hand`);
  const ascii = text?.replace(/[^\0-\x7f]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  await writeFile(output.path, ascii ?? output.contents);
}

// The launcher, told the bundle's digest: its code cache is named after it, because V8 compares a
// cache with its source only by length (code-cache.ts).
await build({
  entryPoints: [`${src}launcher.ts`],
  outfile: `${dist}/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  define: {
    GATEWAY_BUNDLE_DIGEST: JSON.stringify(
      createHash('sha256')
        .update(await readFile(outfile))
        .digest('hex'),
    ),
  },
  plugins: [ownModuleUrls],
});

/**
 * docs/configuration.md and .env.example, written from the configuration catalogue
 * (src/gateway/config-catalogue.ts) by `npm run generate` and compared by its `--check` and by
 * test/gateway/documentation.test.ts, so neither can drift from the variables the code reads.
 */
import { CONFIG_GROUPS, CONFIG_VARIABLES, type ConfigVariable } from '../src/gateway/config-catalogue.js';

export const CONFIGURATION_DOC = 'docs/configuration.md';
export const ENV_EXAMPLE = '.env.example';

const HEADER = `# Configuration reference

Every environment variable the gateway, its launcher and \`npm run sandbox\` read, with its
default, its default under \`NODE_ENV=production\` where that differs, and what it does. This page
and [\`.env.example\`](../.env.example) are generated from \`src/gateway/config-catalogue.ts\` by
\`npm run generate\`; a test fails when either differs from it, or when the code reads a variable
the catalogue lacks.

\`npm start\` reads \`.env\` from the working directory when there is one; variables set in the
real environment win over it. Every value is checked before anything slow starts: all bad values
are reported at once (\`Invalid configuration:\` and one line per variable saying what was expected
and what came) and the process exits 1 within a second; a busy port is one line
(\`PORT 4000 is already in use on 127.0.0.1\`), exit 1.

An interface whose URL is unset runs against its sandbox, started by \`npm start\` on a free
loopback port. To use the stand-alone sandboxes instead, run \`npm run sandbox\` and, for example,
\`COUNTRY_API_URL=http://127.0.0.1:4104 npm start\`. A client may send its own upstream key per
request with \`x-crypto-api-key\`, \`x-address-api-key\`, \`x-address-user-token\` or
\`x-country-api-key\`; it wins over the configured key for that request. Keys are sent to the
vendor in headers only and never appear in a response or a log line.`;

/** A GitHub heading anchor. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function shown(value: string | undefined, note: string | undefined, otherwise: string): string {
  if (value === undefined) return note ?? otherwise;
  return note === undefined ? `\`${value}\`` : `\`${value}\` (${note})`;
}

function row(variable: ConfigVariable): string {
  const fallback = shown(variable.default, variable.defaultNote, 'unset');
  const production =
    variable.productionDefault === undefined && variable.productionNote === undefined
      ? 'same'
      : shown(variable.productionDefault, variable.productionNote, fallback);
  return `| \`${variable.name}\` | ${cell(fallback)} | ${cell(production)} | ${cell(variable.meaning)} |`;
}

function groupsInUse(): (typeof CONFIG_GROUPS)[number][] {
  return CONFIG_GROUPS.filter((group) => CONFIG_VARIABLES.some((variable) => variable.group === group));
}

/** docs/configuration.md: a table per group. */
export function configurationDoc(): string {
  const groups = groupsInUse();
  const contents = `**Contents:** ${groups.map((group) => `[${group}](#${anchorOf(group)})`).join(' · ')}`;
  const sections = groups.map((group) =>
    [
      `## ${group}`,
      '',
      '| variable | default | production default | meaning |',
      '|---|---|---|---|',
      ...CONFIG_VARIABLES.filter((variable) => variable.group === group).map(row),
    ].join('\n'),
  );
  return `${[HEADER, contents, ...sections].join('\n\n')}\n`;
}

/** Markdown to the plain text of a comment: no backticks, links as their text. */
function plain(markdown: string): string {
  return markdown.replace(/\[([^\]]+)\]\([^)]+\)/g, '$1').replace(/`/g, '');
}

function wrapped(text: string, width = 98): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((text) => `# ${text}`);
}

/** .env.example: every variable commented out at its default (or an example value), under its meaning. */
export function envExample(): string {
  const out = [
    ...wrapped(
      'Generated from src/gateway/config-catalogue.ts by npm run generate; docs/configuration.md says more. Copy to .env (npm start reads it from the working directory) or export these; variables set in the real environment win over .env. Every line is commented out at its default: uncomment what you change. Leave a *_API_URL unset to use the built-in sandbox.',
    ),
  ];
  for (const group of groupsInUse()) {
    out.push('', `# --- ${group} ---`);
    for (const variable of CONFIG_VARIABLES.filter((entry) => entry.group === group)) {
      if (variable.name.includes('<')) continue;
      const production =
        variable.productionDefault === undefined && variable.productionNote === undefined
          ? ''
          : ` Production: ${plain(shown(variable.productionDefault, variable.productionNote, ''))}.`;
      const fallback = variable.default === undefined ? ` Default: ${plain(variable.defaultNote ?? 'unset')}.` : '';
      out.push(...wrapped(`${plain(variable.meaning)}.${fallback}${production}`));
      out.push(`# ${variable.name}=${variable.default ?? variable.example ?? ''}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** What `npm run generate` writes, by path from the repository's root. */
export function configurationFiles(): Record<string, string> {
  return { [CONFIGURATION_DOC]: configurationDoc(), [ENV_EXAMPLE]: envExample() };
}

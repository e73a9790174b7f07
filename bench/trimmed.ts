/**
 * D's `response_fields` as the vendor applies it: each country record of a success body keeps
 * only the named fields (top-level names or dotted paths such as `names.common`). Trimmed bodies
 * are made once per recording and field list, so replaying them costs the upstream no more than
 * replaying the whole body.
 */

interface Replayed {
  status: number;
  body: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const trimmed = new WeakMap<Replayed, Map<string, string>>();

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The parts of `record` at `paths`, nested as they were. */
function pick(record: Json, paths: readonly string[][]): Json {
  if (!isObject(record)) return record;
  const below = new Map<string, string[][] | 'whole'>();
  for (const [head, ...rest] of paths) {
    if (head === undefined || !(head in record)) continue;
    const known = below.get(head);
    if (rest.length === 0) below.set(head, 'whole');
    else if (known !== 'whole') below.set(head, [...(known ?? []), rest]);
  }
  const kept: { [key: string]: Json } = {};
  for (const [head, rest] of below) {
    const value = record[head] as Json;
    kept[head] = rest === 'whole' ? value : pick(value, rest);
  }
  return kept;
}

/** The recording's body with every record trimmed to `fields` (comma-separated), or as recorded when none. */
export function trimmedBody(recording: Replayed, fields: string | null): string {
  if (!fields || recording.status < 200 || recording.status > 299) return recording.body;
  let byFields = trimmed.get(recording);
  if (!byFields) trimmed.set(recording, (byFields = new Map()));
  const cached = byFields.get(fields);
  if (cached !== undefined) return cached;
  const paths = fields
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean)
    .map((field) => field.split('.'));
  const body = JSON.parse(recording.body) as Json;
  const data = isObject(body) ? body.data : undefined;
  if (isObject(body) && isObject(data) && Array.isArray(data.objects)) {
    data.objects = data.objects.map((record) => pick(record, paths));
  }
  const text = JSON.stringify(body);
  byFields.set(fields, text);
  return text;
}

/**
 * The search modes of the country endpoints over the in-memory records: exact filters on any
 * field path, substring search in one field, the code and name aggregates, sorting, paging and
 * field projection.
 */
import type { CountryRecord } from './country-records.js';

type Value = unknown;

/** Collects every value at a dotted path; lists on the way fan out (`capitals.name`). */
export function valuesAt(record: Value, path: string): Value[] {
  let current: Value[] = [record];
  for (const segment of path.split('.')) {
    const next: Value[] = [];
    for (const value of current) {
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item !== null && typeof item === 'object' && segment in item) {
          next.push((item as Record<string, Value>)[segment]);
        }
      }
    }
    current = next;
  }
  return current.flatMap((value) => (Array.isArray(value) ? value : [value]));
}

/** Whether a dotted path names a field of the record shape (checked against every record). */
export function isKnownPath(records: readonly CountryRecord[], path: string): boolean {
  const head = path.split('.')[0] ?? '';
  if (!records.some((record) => head in record)) return false;
  return records.some((record) => {
    let current: Value = record;
    for (const segment of path.split('.')) {
      const holder = Array.isArray(current) ? current[0] : current;
      if (holder === null || typeof holder !== 'object' || !(segment in holder)) return false;
      current = (holder as Record<string, Value>)[segment];
    }
    return true;
  });
}

/** Lower-cases and strips accents so `cote` finds `Côte d'Ivoire`. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The strings a value offers to comparison; an object offers its code and name. */
function comparable(value: Value): string[] {
  if (value === null || value === undefined) return ['null'];
  if (typeof value === 'object') {
    const { code, name } = value as { code?: unknown; name?: unknown };
    return [code, name].filter((v): v is string => typeof v === 'string');
  }
  return [String(value)];
}

export function equalsAt(record: CountryRecord, path: string, wanted: string): boolean {
  const target = fold(wanted);
  return valuesAt(record, path).some((value) => comparable(value).some((text) => fold(text) === target));
}

export function containsAt(record: CountryRecord, path: string, wanted: string): boolean {
  const target = fold(wanted);
  return valuesAt(record, path).some((value) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return JSON.stringify(value)
        .split('"')
        .some((part) => fold(part).includes(target));
    }
    return comparable(value).some((text) => fold(text).includes(target));
  });
}

const CODE_PATHS = ['codes.alpha_2', 'codes.alpha_3', 'codes.ccn3', 'codes.cioc', 'codes.fifa', 'codes.fips', 'codes.gec'];

export function matchesCode(record: CountryRecord, code: string): boolean {
  return CODE_PATHS.some((path) => equalsAt(record, path, code));
}

function allNames(record: CountryRecord): string[] {
  const names = record.names as unknown as {
    common: string;
    official: string;
    alternates: string[];
    native: Record<string, { common: string; official: string }>;
    translations: Record<string, { common: string; official: string }>;
  };
  const localized = [...Object.values(names.native), ...Object.values(names.translations)];
  return [names.common, names.official, ...names.alternates, ...localized.flatMap((n) => [n.common, n.official])];
}

export function matchesName(record: CountryRecord, text: string): boolean {
  const target = fold(text);
  return allNames(record).some((name) => fold(name).includes(target));
}

/** Free text for the list endpoint: any name or any code. */
export function matchesFreeText(record: CountryRecord, text: string): boolean {
  return matchesName(record, text) || matchesCode(record, text);
}

function sortKey(record: CountryRecord, path: string): string | number | undefined {
  const first = valuesAt(record, path)[0];
  if (typeof first === 'number') return first;
  if (first === null || first === undefined || typeof first === 'object') return undefined;
  return fold(String(first));
}

/** Orders by a field path; `-path` descends. Records without a value go last either way. */
export function sortBy(records: CountryRecord[], spec: string): CountryRecord[] {
  const descending = spec.startsWith('-');
  const path = descending ? spec.slice(1) : spec;
  return [...records].sort((a, b) => {
    const left = sortKey(a, path);
    const right = sortKey(b, path);
    if (left === undefined || right === undefined) return left === right ? 0 : left === undefined ? 1 : -1;
    const order = left < right ? -1 : left > right ? 1 : 0;
    return descending ? -order : order;
  });
}

function pick(record: Value, paths: readonly string[][]): Value {
  if (Array.isArray(record)) return record.map((item) => pick(item, paths));
  if (record === null || typeof record !== 'object') return record;
  const out: Record<string, Value> = {};
  for (const [head, ...rest] of paths) {
    if (head === undefined || !(head in record)) continue;
    const value = (record as Record<string, Value>)[head];
    const deeper = paths.filter((p) => p[0] === head && p.length > 1).map((p) => p.slice(1));
    out[head] = rest.length === 0 || deeper.length === 0 ? value : pick(value, deeper);
  }
  return out;
}

function omit(record: Value, paths: readonly string[][]): Value {
  if (Array.isArray(record)) return record.map((item) => omit(item, paths));
  if (record === null || typeof record !== 'object') return record;
  const out: Record<string, Value> = {};
  for (const [key, value] of Object.entries(record)) {
    const matching = paths.filter((p) => p[0] === key);
    if (matching.some((p) => p.length === 1)) continue;
    out[key] =
      matching.length > 0
        ? omit(
            value,
            matching.map((p) => p.slice(1)),
          )
        : value;
  }
  return out;
}

/** Applies `response_fields` (keep only) and `response_fields_omit` (drop) to a record. */
export function project(record: CountryRecord, keep: readonly string[] | undefined, drop: readonly string[] | undefined): Value {
  let result: Value = record;
  if (keep && keep.length > 0)
    result = pick(
      result,
      keep.map((path) => path.split('.')),
    );
  if (drop && drop.length > 0)
    result = omit(
      result,
      drop.map((path) => path.split('.')),
    );
  return result;
}

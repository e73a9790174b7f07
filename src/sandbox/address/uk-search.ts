/**
 * Free-text matching of UK addresses. Every word of the query must be found in the address
 * (numbers exactly, longer words with a typo or two); a full postcode in the query must be
 * the address's postcode. Exact words score more than typo matches, and a number that is the
 * premise's own number scores more than one found elsewhere, so "10 Downing Street" ranks
 * No. 10 above a flat 10 in another building.
 */
import { sameWord, tokens } from './text-match.js';
import type { UkAddress } from './types.js';
import { postcodesIn } from './uk-postcode.js';

export interface ScoredAddress {
  address: UkAddress;
  score: number;
}

export interface SearchOptions {
  /** Let the last word match the beginning of a word (search as you type). */
  prefixLast?: boolean;
}

const TEXT_FIELDS = [
  'line_1',
  'line_2',
  'line_3',
  'premise',
  'organisation_name',
  'department_name',
  'thoroughfare',
  'dependant_thoroughfare',
  'dependant_locality',
  'double_dependant_locality',
  'post_town',
  'building_name',
  'sub_building_name',
  'building_number',
  'po_box',
  'postcode_outward',
  'postcode_inward',
] as const;

const wordCache = new WeakMap<UkAddress, Set<string>>();

function wordsOf(address: UkAddress): Set<string> {
  let words = wordCache.get(address);
  if (!words) {
    words = new Set(TEXT_FIELDS.flatMap((field) => tokens(address[field])));
    words.add(address.postcode.replace(' ', '').toLowerCase());
    wordCache.set(address, words);
  }
  return words;
}

function premiseNumber(address: UkAddress): string | undefined {
  return address.building_number || /^\d+[a-z]?/i.exec(address.premise)?.[0]?.toLowerCase();
}

function wordScore(word: string, words: Set<string>, prefix: boolean): number {
  if (words.has(word)) return 2;
  for (const candidate of words) {
    if (sameWord(word, candidate)) return 1;
    if (prefix && candidate.startsWith(word)) return 1;
  }
  return 0;
}

/** The query split into the postcodes it names and its remaining words. */
export function parseQuery(query: string): { postcodes: string[]; words: string[] } {
  const found = postcodesIn(query);
  let rest = query;
  for (const { index, length } of [...found].reverse()) rest = `${rest.slice(0, index)} ${rest.slice(index + length)}`;
  return { postcodes: found.map((entry) => entry.postcode), words: tokens(rest) };
}

/**
 * Scores one address against a parsed query; undefined when a word or postcode is missing.
 */
export function scoreAddress(
  address: UkAddress,
  query: { postcodes: string[]; words: string[] },
  options: SearchOptions = {},
): number | undefined {
  if (query.postcodes.length > 0 && !query.postcodes.includes(address.postcode)) return undefined;
  const words = wordsOf(address);
  const number = premiseNumber(address);
  let score = query.postcodes.length * 3;
  for (const [index, word] of query.words.entries()) {
    const prefix = options.prefixLast === true && index === query.words.length - 1;
    const found = wordScore(word, words, prefix);
    if (found === 0) return undefined;
    score += found + (word === number ? 1 : 0);
  }
  return score;
}

/** The addresses matching a query, best first (sample order breaks ties). */
export function searchAddresses(addresses: readonly UkAddress[], query: string, options: SearchOptions = {}): ScoredAddress[] {
  const parsed = parseQuery(query);
  if (parsed.postcodes.length === 0 && parsed.words.length === 0) return [];
  const scored: ScoredAddress[] = [];
  for (const address of addresses) {
    const score = scoreAddress(address, parsed, options);
    if (score !== undefined) scored.push({ address, score });
  }
  return scored.sort((a, b) => b.score - a.score);
}

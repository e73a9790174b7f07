/**
 * UK postcode handling on top of the `postcode` package: normalisation, and the vendor's
 * "did you mean" suggestions for postcodes that do not exist.
 */
import { POSTCODE_CORPUS_REGEX, toNormalised } from 'postcode';

/** The postcode in canonical form ("SW1A 2AA"), or undefined when it is not a postcode. */
export function normalisePostcode(raw: string): string | undefined {
  return toNormalised(raw.trim()) ?? undefined;
}

/** Every postcode written in a text, with where it stands, in order. */
export function postcodesIn(text: string): { postcode: string; index: number; length: number }[] {
  const found: { postcode: string; index: number; length: number }[] = [];
  for (const match of text.matchAll(new RegExp(POSTCODE_CORPUS_REGEX.source, 'gi'))) {
    const index = match.index ?? 0;
    const postcode = normalisePostcode(match[0]);
    // The corpus pattern can start or end inside a word ("abcSW1A 2AAx"); only whole words count.
    const touching = /[a-z0-9]/i.test(text.charAt(index - 1)) || /[a-z0-9]/i.test(text.charAt(index + match[0].length));
    if (postcode && !touching) found.push({ postcode, index, length: match[0].length });
  }
  return found;
}

// Characters people and OCR confuse in postcodes; swapping them costs half an edit.
const CONFUSABLE = new Set(['O0', '0O', 'I1', '1I', 'L1', '1L', 'S5', '5S', 'Z2', '2Z', 'B8', '8B']);

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  return CONFUSABLE.has(a + b) ? 0.5 : 1;
}

function weightedDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current.push(
        Math.min(
          (previous[j] ?? 0) + 1,
          (current[j - 1] ?? 0) + 1,
          (previous[j - 1] ?? 0) + substitutionCost(a.charAt(i - 1), b.charAt(j - 1)),
        ),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function sharedPrefix(a: string, b: string): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length += 1;
  return length;
}

const MAX_SUGGESTIONS = 5;
const MAX_DISTANCE = 2;

/**
 * Up to five known postcodes that resemble the input: confusable characters first (O for 0,
 * I for 1), then single slips, nearest in the postcode hierarchy breaking ties. Empty when
 * the input is too far from every known postcode.
 */
export function suggestPostcodes(raw: string, known: Iterable<string>): string[] {
  const compact = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (compact.length < 4 || compact.length > 9) return [];
  const ranked: { postcode: string; distance: number; prefix: number }[] = [];
  for (const postcode of known) {
    const candidate = postcode.replace(' ', '');
    if (candidate === compact) continue;
    const distance = weightedDistance(compact, candidate);
    if (distance <= MAX_DISTANCE) ranked.push({ postcode, distance, prefix: sharedPrefix(compact, candidate) });
  }
  ranked.sort((a, b) => a.distance - b.distance || b.prefix - a.prefix || a.postcode.localeCompare(b.postcode));
  return ranked.slice(0, MAX_SUGGESTIONS).map((entry) => entry.postcode);
}

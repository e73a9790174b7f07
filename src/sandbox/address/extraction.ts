/**
 * Address extraction from running text: finds the UK postcodes and US ZIP codes a text
 * mentions and, for each, the addresses it points at. The words written before a postcode
 * pick the premises they name; when they name none ("our office near SW1A 2AA") every
 * address at the postcode is returned. Before a ZIP code, the street address is parsed and
 * checked against the ZIP dataset.
 */
import { tokens } from './text-match.js';
import type { UkAddress, UsAddress } from './types.js';
import { candidateZips, buildUsAddress, parseUsText } from './us-address.js';
import { postcodesIn } from './uk-postcode.js';
import { scoreAddress } from './uk-search.js';

interface Mention {
  kind: 'uk' | 'us';
  index: number;
  end: number;
  postcode: string;
}

const ZIP_PATTERN = /\b\d{5}(?:-\d{4})?\b/g;

function mentionsIn(text: string): Mention[] {
  const uk: Mention[] = postcodesIn(text).map(({ postcode, index, length }) => ({ kind: 'uk', index, end: index + length, postcode }));
  const us: Mention[] = [...text.matchAll(ZIP_PATTERN)].map((match) => ({
    kind: 'us',
    index: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
    postcode: match[0],
  }));
  return [...uk, ...us].sort((a, b) => a.index - b.index);
}

/** Whether `needle` occurs as a run of consecutive words in `haystack`. */
function containsRun(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  return haystack.some((_, start) => needle.every((word, offset) => haystack[start + offset] === word));
}

/**
 * The addresses at a postcode that the preceding words single out: those whose first line is
 * written out in full ("Room 1, Block 1 ..." is not "Room 10, Block 1 ..."), else those
 * sharing the most words with the text, else all of them.
 */
function ukAddressesFor(postcode: string, before: string, addresses: readonly UkAddress[]): UkAddress[] {
  const atPostcode = addresses.filter((address) => address.postcode === postcode);
  const words = tokens(before);
  const written = atPostcode.filter((address) => containsRun(words, tokens(address.line_1)));
  if (written.length > 0) return written;
  let best: UkAddress[] = [];
  let bestCount = 0;
  for (const address of atPostcode) {
    const count = words.filter((word) => scoreAddress(address, { postcodes: [], words: [word] }) !== undefined).length;
    if (count > bestCount) [best, bestCount] = [[address], count];
    else if (count === bestCount && count > 0) best.push(address);
  }
  // Words every address shares (street, town) single nothing out.
  return best.length > 0 && best.length < atPostcode.length ? best : atPostcode;
}

/** The US address written just before a ZIP code, if it parses and agrees with the ZIP. */
function usAddressFor(segment: string, zip: string): UsAddress | undefined {
  // The street address starts at a house number (or "PO Box"); try each start, earliest first.
  const starts = [...segment.matchAll(/(?<=^|\s)(?=\d|p\.?\s*o\.?\s*box)/gi)].map((match) => match.index ?? 0);
  for (const start of starts) {
    const parts = parseUsText(segment.slice(start));
    if (!parts || `${parts.zip}${parts.plus4 ? `-${parts.plus4}` : ''}` !== zip) continue;
    const [record] = candidateZips(parts);
    if (record) return buildUsAddress(parts, record);
  }
  return undefined;
}

/**
 * Every address the text points at, in the order of the mentions; empty when it mentions no
 * known postcode or ZIP code.
 */
export function extractAddresses(text: string, ukAddresses: readonly UkAddress[]): (UkAddress | UsAddress)[] {
  const found = new Map<string, UkAddress | UsAddress>();
  let previousEnd = 0;
  for (const mention of mentionsIn(text)) {
    if (mention.index < previousEnd) continue;
    if (mention.kind === 'uk') {
      for (const address of ukAddressesFor(mention.postcode, text.slice(previousEnd, mention.index), ukAddresses))
        found.set(address.id, address);
      previousEnd = mention.end;
      continue;
    }
    // Five digits may be a house number rather than a ZIP: only a ZIP that closes a
    // parseable address counts, and only then does the next address start after it.
    const address = usAddressFor(text.slice(previousEnd, mention.end), mention.postcode);
    if (address) {
      found.set(address.id, address);
      previousEnd = mention.end;
    }
  }
  return [...found.values()];
}

/** Whether a text mentions any postcode or ZIP code at all. */
export function mentionsPostcodes(text: string): boolean {
  return mentionsIn(text).length > 0;
}

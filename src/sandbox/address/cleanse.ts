/**
 * Address cleansing: every UK address of the sample is compared with the input element by
 * element (organisation, premise, street, locality, post town, postcode), each element gets a
 * match level, and the weighted levels give `confidence` (over all elements the address has)
 * and `fit` (over the elements the input contained). The best address wins.
 */
import { sameWord, tokens } from './text-match.js';
import type { CleanseResult, MatchLevel, UkAddress } from './types.js';
import { normalisePostcode, postcodesIn } from './uk-postcode.js';

export interface CleanseInput {
  query: string;
  postcode?: string;
  post_town?: string;
}

type Element = 'organisation' | 'premise' | 'thoroughfare' | 'locality' | 'post_town' | 'postcode';

/** How much each element counts towards the scores; the postcode and premise pin an address down. */
export const ELEMENT_WEIGHTS: Record<Element, number> = {
  postcode: 0.3,
  premise: 0.25,
  thoroughfare: 0.2,
  organisation: 0.1,
  post_town: 0.1,
  locality: 0.05,
};

/** Score of each match level; levels outside the scale (NA) leave the element out. */
export const LEVEL_SCORES: Partial<Record<MatchLevel, number>> = { FULL: 1, PARTIAL: 0.5, INCORRECT: 0, MISSING: 0 };

// Two addresses whose confidence is this close are equally plausible matches.
const AMBIGUITY_MARGIN = 0.1;

interface ParsedInput {
  postcode: string | undefined;
  words: string[];
}

function parseInput(input: CleanseInput): ParsedInput {
  const inText = postcodesIn(input.query);
  let text = input.query;
  for (const { index, length } of [...inText].reverse()) text = `${text.slice(0, index)} ${text.slice(index + length)}`;
  const postcode = (input.postcode ? normalisePostcode(input.postcode) : undefined) ?? inText[0]?.postcode;
  return { postcode, words: [...tokens(text), ...tokens(input.post_town ?? '')] };
}

/** Level of an element whose words are `wanted`, given the input's words. */
function wordsLevel(wanted: string[], words: string[]): MatchLevel {
  if (wanted.length === 0) return 'NA';
  const found = wanted.filter((word) => words.some((candidate) => sameWord(word, candidate))).length;
  if (found === wanted.length) return 'FULL';
  return found > 0 ? 'PARTIAL' : 'MISSING';
}

function premiseLevel(address: UkAddress, words: string[]): MatchLevel {
  const wanted = tokens([address.sub_building_name, address.building_name, address.building_number, address.po_box].join(' '));
  const level = wordsLevel(wanted, words);
  // A different house number in the input is a wrong premise, not a missing one.
  const numbers = words.filter((word) => /^\d/.test(word));
  if (level === 'MISSING' && numbers.length > 0 && wanted.some((word) => /^\d/.test(word))) return 'INCORRECT';
  return level;
}

function postcodeLevel(address: UkAddress, input: ParsedInput): MatchLevel {
  if (input.postcode === address.postcode) return 'FULL';
  if (input.postcode) return input.postcode.split(' ')[0] === address.postcode_outward ? 'PARTIAL' : 'INCORRECT';
  return input.words.includes(address.postcode_outward.toLowerCase()) ? 'PARTIAL' : 'MISSING';
}

function levelsOf(address: UkAddress, input: ParsedInput): Record<Element, MatchLevel> {
  return {
    organisation: wordsLevel(tokens(`${address.organisation_name} ${address.department_name}`), input.words),
    premise: premiseLevel(address, input.words),
    thoroughfare: wordsLevel(tokens(`${address.dependant_thoroughfare} ${address.thoroughfare}`), input.words),
    locality: wordsLevel(tokens(`${address.double_dependant_locality} ${address.dependant_locality}`), input.words),
    post_town: wordsLevel(tokens(address.post_town), input.words),
    postcode: postcodeLevel(address, input),
  };
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Confidence and fit of a set of element levels. */
export function scoresOf(levels: Record<Element, MatchLevel>): { confidence: number; fit: number } {
  let gained = 0;
  let possible = 0;
  let presented = 0;
  for (const [element, level] of Object.entries(levels) as [Element, MatchLevel][]) {
    const score = LEVEL_SCORES[level];
    if (score === undefined) continue;
    const weight = ELEMENT_WEIGHTS[element];
    gained += weight * score;
    possible += weight;
    if (level !== 'MISSING') presented += weight;
  }
  return { confidence: possible === 0 ? 0 : round(gained / possible), fit: presented === 0 ? 0 : round(gained / presented) };
}

function noMatch(query: string): CleanseResult {
  return {
    query,
    match: null,
    count: 0,
    fit: 0,
    confidence: 0,
    organisation_match: 'NO_MATCH',
    premise_match: 'NO_MATCH',
    thoroughfare_match: 'NO_MATCH',
    postcode_match: 'NO_MATCH',
    locality_match: 'NO_MATCH',
    post_town_match: 'NO_MATCH',
  };
}

/** The closest address to the input among `addresses`, with its match levels and scores. */
export function cleanse(input: CleanseInput, addresses: readonly UkAddress[]): CleanseResult {
  const parsed = parseInput(input);
  const scored = addresses.map((address) => {
    const levels = levelsOf(address, parsed);
    return { address, levels, ...scoresOf(levels) };
  });
  const best = scored.reduce<(typeof scored)[number] | undefined>(
    (leader, entry) =>
      !leader || entry.confidence > leader.confidence || (entry.confidence === leader.confidence && entry.fit > leader.fit)
        ? entry
        : leader,
    undefined,
  );
  if (!best || best.confidence === 0) return noMatch(input.query);
  const count = scored.filter((entry) => entry.confidence >= best.confidence - AMBIGUITY_MARGIN).length;
  return {
    query: input.query,
    match: best.address,
    count: Math.min(count, 10),
    fit: best.fit,
    confidence: best.confidence,
    organisation_match: best.levels.organisation,
    premise_match: best.levels.premise,
    thoroughfare_match: best.levels.thoroughfare,
    postcode_match: best.levels.postcode,
    locality_match: best.levels.locality,
    post_town_match: best.levels.post_town,
  };
}

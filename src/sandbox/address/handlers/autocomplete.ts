/**
 * Address autocompletion: suggestions for partial input (free) and their resolution into
 * full UK or US records (paid). UK suggestions come from the UK sample; US suggestions are
 * parsed from the input and checked against the ZIP dataset, one per possible ZIP code.
 */
import type { SandboxHandler, SandboxRequest } from '../../sandbox-server.js';
import { callerKey } from '../auth.js';
import { type AddressContext, charge, limitOf, textQuery } from '../context.js';
import { fail, success } from '../envelope.js';
import type { KeyRecord } from '../keys.js';
import { townCase } from '../text-match.js';
import type { AddressSuggestion, UkAddress, UsAddress } from '../types.js';
import { biasesFrom, biasScore, filtersFrom, passesFilters } from '../uk-filters.js';
import { parseQuery, searchAddresses } from '../uk-search.js';
import { usAddressesFromText, usAddressFromId } from '../us-address.js';

/** The text shown for a UK address: its lines, the post town and the outward code. */
export function ukSuggestionText(address: UkAddress): string {
  return [address.line_1, address.line_2, address.line_3, townCase(address.post_town), address.postcode_outward].filter(Boolean).join(', ');
}

function ukSuggestion(address: UkAddress): AddressSuggestion {
  const suggestion: AddressSuggestion = {
    id: address.id,
    suggestion: ukSuggestionText(address),
    urls: { udprn: `/v1/udprn/${address.udprn}` },
    udprn: address.udprn,
  };
  if (typeof address.umprn === 'number') {
    suggestion.urls.umprn = `/v1/umprn/${address.umprn}`;
    suggestion.umprn = address.umprn;
  }
  return suggestion;
}

function usSuggestion(address: UsAddress): AddressSuggestion {
  return {
    id: address.id,
    suggestion: `${address.line_1}, ${townCase(address.city)}, ${address.state_abbreviation} ${address.zip_code}`,
    urls: {},
  };
}

/** Which country to search: the `context` given, else what the input looks like. */
function contextOf(request: SandboxRequest, query: string): string {
  const given = request.params.query.context;
  if (typeof given === 'string') return given.toUpperCase();
  if (parseQuery(query).postcodes.length === 0 && usAddressesFromText(query).length > 0) return 'USA';
  return 'GBR';
}

function ukSuggestions(context: AddressContext, request: SandboxRequest, key: KeyRecord, query: string): AddressSuggestion[] {
  const filters = filtersFrom(request.params.query);
  const biases = biasesFrom(request.params.query);
  const candidates = context.uk.visible(key.datasets).filter((address) => passesFilters(address, filters));
  const ranked = searchAddresses(candidates, query, { prefixLast: true })
    .map(({ address, score }) => ({ address, score: score + 2 * biasScore(address, biases) }))
    .sort((a, b) => b.score - a.score);
  // A complete postcode in the input lists all its addresses, whatever the limit.
  const limited = parseQuery(query).postcodes.length > 0 ? ranked : ranked.slice(0, limitOf(request));
  return limited.map(({ address }) => ukSuggestion(address));
}

export function autocompleteHandlers(context: AddressContext): Record<string, SandboxHandler> {
  const { uk, keys } = context;
  return {
    addressSuggestions: (request) => {
      const key = callerKey(request, keys);
      const query = textQuery(request, 150) ?? '';
      const country = contextOf(request, query);
      let hits: AddressSuggestion[] = [];
      if (!key.contexts.includes(country)) hits = [];
      else if (country === 'GBR') hits = ukSuggestions(context, request, key, query);
      else if (country === 'USA') hits = usAddressesFromText(query).slice(0, limitOf(request)).map(usSuggestion);
      return success({ hits });
    },
    resolveUkAddress: (request) => {
      const key = callerKey(request, keys);
      const id = String(request.params.path.address);
      const address =
        uk.find(id, key.datasets) ?? fail(id.startsWith('mr_') ? 4046 : 4044, { message: `No UK address found for suggestion ${id}` });
      charge(context, request, key, id);
      return success(address);
    },
    resolveUsAddress: (request) => {
      const key = callerKey(request, keys);
      const id = String(request.params.path.address);
      const address = usAddressFromId(id) ?? fail(4044, { message: `No US address found for suggestion ${id}` });
      charge(context, request, key, id);
      return success(address);
    },
  };
}

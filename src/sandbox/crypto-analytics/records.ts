/**
 * The fields most records share, in the vendor's UPPER_SNAKE wire form. Analytics return
 * wire-shaped records directly: the sandbox exists to speak the vendor's format.
 */
import { epochSeconds, isoDateTime } from './calendar.js';
import type { TokenInfo } from './token-universe.js';

export interface TokenFields {
  TOKEN_ID: number;
  TOKEN_NAME: string;
  TOKEN_SYMBOL: string;
}

export interface DateFields {
  DATE: string;
  EPOCH: number;
}

export function tokenFields(token: TokenInfo): TokenFields {
  return { TOKEN_ID: token.id, TOKEN_NAME: token.name, TOKEN_SYMBOL: token.symbol };
}

export function dateFields(day: number): DateFields {
  return { DATE: isoDateTime(day), EPOCH: epochSeconds(day) };
}

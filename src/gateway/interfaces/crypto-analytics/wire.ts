/** Interface A's wire shapes, as far as hand-written resolvers read them. */

/** The envelope of every answer. */
export interface CryptoEnvelope<T> {
  success: boolean;
  message: string;
  length: number;
  data: T[];
}

/**
 * A record about one token. Resolvers read only the key fields; the rest passes untouched to
 * the generated field resolvers (which map UPPER_SNAKE keys to camelCase fields).
 */
export interface TokenRecordWire {
  TOKEN_ID: number;
  TOKEN_NAME: string;
  TOKEN_SYMBOL: string;
  DATE?: string;
  [field: string]: unknown;
}

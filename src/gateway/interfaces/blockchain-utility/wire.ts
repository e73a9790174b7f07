/** Interface B's wire shapes, as far as hand-written resolvers read them. */

/** int64 figures arrive as numbers when safe and as decimal strings beyond 2^53. */
export type Int64Wire = number | string;

/** The SigmaUSD bank's state: prices in nanoERG per raw unit (a SigUSD cent, one SigRSV). */
export interface StablecoinStateWire {
  sigUsdPrice: Int64Wire;
  sigRsvPrice: Int64Wire;
  [field: string]: unknown;
}

/** A SigmaUSD mint or redeem quote; totalAmount is in nanoERG. */
export interface StablecoinExchangeQuoteWire {
  totalAmount: Int64Wire;
  [field: string]: unknown;
}

/** A token's babel-fee price: whole tokens per ERG × 10^9. */
export interface ErgoTokenPriceWire {
  price: Int64Wire;
  [field: string]: unknown;
}

/** A Mosaik view element: a few common fields and whatever its type adds. */
export type MosaikViewElementWire = Record<string, unknown>;

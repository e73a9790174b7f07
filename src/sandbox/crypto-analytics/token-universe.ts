/**
 * The tokens of the sandbox market: real names and symbols, with indicative late-2025 price
 * levels and circulating supplies that set each token's scale (market cap, volume). They are
 * anchors for a generated history, not quotes.
 *
 * Ids: Bitcoin 3375 and Ethereum 3306 are Token Metrics' own ids. The vendor's ids for the other
 * tokens are not public in the material we have, so the sandbox gives them made-up, stable ids
 * from 900001 upwards; never rely on them against the real service.
 *
 * Stablecoins and wrapped tokens are left out: a pegged price is not what the random-walk model
 * describes, and they would only dilute the analytics.
 */
import { SeededRandom } from './prng.js';

export type TokenCategory =
  | 'currency'
  | 'layer-1'
  | 'layer-2'
  | 'defi'
  | 'exchange'
  | 'payments'
  | 'oracle'
  | 'privacy'
  | 'gaming'
  | 'infrastructure'
  | 'ai'
  | 'storage'
  | 'meme';

export interface TokenInfo {
  id: number;
  name: string;
  symbol: string;
  category: TokenCategory;
  /** Indicative USD price on the anchor date; the generated history passes through it. */
  anchorPrice: number;
  /** Circulating supply, held constant over the sandbox history. */
  supply: number;
  /** Exchanges the token is listed on in the sandbox, in a stable order. */
  exchanges: string[];
}

/** The exchanges the sandbox knows; the `exchanges` filter of indices takes these names. */
export const EXCHANGES = ['binance', 'coinbase', 'kraken', 'okx', 'bybit', 'kucoin', 'gate'] as const;

type Row = [id: number, name: string, symbol: string, category: TokenCategory, price: number, supply: number];

const B = 1e9;
const M = 1e6;
const T = 1e12;

const ROWS: Row[] = [
  [3375, 'Bitcoin', 'BTC', 'currency', 90_000, 19.95 * M],
  [3306, 'Ethereum', 'ETH', 'layer-1', 3_000, 120.7 * M],
  [900001, 'XRP', 'XRP', 'payments', 2.1, 60 * B],
  [900002, 'BNB', 'BNB', 'exchange', 880, 139 * M],
  [900003, 'Solana', 'SOL', 'layer-1', 135, 555 * M],
  [900004, 'TRON', 'TRX', 'layer-1', 0.28, 94.7 * B],
  [900005, 'Dogecoin', 'DOGE', 'meme', 0.15, 151 * B],
  [900006, 'Cardano', 'ADA', 'layer-1', 0.42, 36.5 * B],
  [900007, 'Hyperliquid', 'HYPE', 'defi', 35, 337 * M],
  [900008, 'Chainlink', 'LINK', 'oracle', 13, 697 * M],
  [900009, 'Bitcoin Cash', 'BCH', 'currency', 540, 19.9 * M],
  [900010, 'Stellar', 'XLM', 'payments', 0.25, 32 * B],
  [900011, 'Zcash', 'ZEC', 'privacy', 550, 16.3 * M],
  [900012, 'Litecoin', 'LTC', 'currency', 85, 76.5 * M],
  [900013, 'Avalanche', 'AVAX', 'layer-1', 14, 427 * M],
  [900014, 'Hedera', 'HBAR', 'layer-1', 0.14, 42.5 * B],
  [900015, 'Sui', 'SUI', 'layer-1', 1.6, 3.6 * B],
  [900016, 'Shiba Inu', 'SHIB', 'meme', 0.0000085, 589 * T],
  [900017, 'Toncoin', 'TON', 'layer-1', 1.55, 2.5 * B],
  [900018, 'Monero', 'XMR', 'privacy', 400, 18.4 * M],
  [900019, 'Cronos', 'CRO', 'exchange', 0.11, 36.6 * B],
  [900020, 'Polkadot', 'DOT', 'layer-1', 2.5, 1.6 * B],
  [900021, 'Uniswap', 'UNI', 'defi', 6.5, 630 * M],
  [900022, 'Mantle', 'MNT', 'layer-2', 1.2, 3.25 * B],
  [900023, 'Bittensor', 'TAO', 'ai', 280, 9.6 * M],
  [900024, 'Aave', 'AAVE', 'defi', 170, 15.2 * M],
  [900025, 'NEAR Protocol', 'NEAR', 'layer-1', 1.9, 1.28 * B],
  [900026, 'Internet Computer', 'ICP', 'layer-1', 4.5, 540 * M],
  [900027, 'Ethereum Classic', 'ETC', 'layer-1', 13.5, 154 * M],
  [900028, 'Pepe', 'PEPE', 'meme', 0.0000045, 420.69 * T],
  [900029, 'Aptos', 'APT', 'layer-1', 2.6, 720 * M],
  [900030, 'Ondo', 'ONDO', 'defi', 0.5, 3.16 * B],
  [900031, 'Worldcoin', 'WLD', 'infrastructure', 0.65, 2.3 * B],
  [900032, 'Polygon', 'POL', 'layer-2', 0.15, 10.5 * B],
  [900033, 'Algorand', 'ALGO', 'layer-1', 0.14, 8.8 * B],
  [900034, 'Arbitrum', 'ARB', 'layer-2', 0.21, 5.4 * B],
  [900035, 'Cosmos', 'ATOM', 'layer-1', 2.5, 480 * M],
  [900036, 'Kaspa', 'KAS', 'currency', 0.05, 26.8 * B],
  [900037, 'VeChain', 'VET', 'infrastructure', 0.013, 86 * B],
  [900038, 'Render', 'RENDER', 'ai', 1.5, 518 * M],
  [900039, 'Filecoin', 'FIL', 'storage', 1.6, 700 * M],
  [900040, 'Stacks', 'STX', 'layer-2', 0.35, 1.8 * B],
  [900041, 'Injective', 'INJ', 'defi', 7, 97 * M],
  [900042, 'Optimism', 'OP', 'layer-2', 0.35, 1.9 * B],
  [900043, 'Immutable', 'IMX', 'layer-2', 0.35, 1.9 * B],
  [900044, 'The Graph', 'GRT', 'infrastructure', 0.05, 10.6 * B],
  [900045, 'Theta Network', 'THETA', 'infrastructure', 0.4, 1 * B],
  [900046, 'Sei', 'SEI', 'layer-1', 0.15, 6 * B],
  [900047, 'Quant', 'QNT', 'infrastructure', 80, 14.5 * M],
  [900048, 'Lido DAO', 'LDO', 'defi', 0.7, 895 * M],
  [900049, 'Curve DAO', 'CRV', 'defi', 0.45, 1.4 * B],
  [900050, 'THORChain', 'RUNE', 'defi', 0.7, 350 * M],
  [900051, 'Flow', 'FLOW', 'layer-1', 0.25, 1.6 * B],
  [900052, 'Tezos', 'XTZ', 'layer-1', 0.55, 1.05 * B],
  [900053, 'IOTA', 'IOTA', 'infrastructure', 0.12, 3.9 * B],
  [900054, 'The Sandbox', 'SAND', 'gaming', 0.17, 2.5 * B],
  [900055, 'Decentraland', 'MANA', 'gaming', 0.18, 1.9 * B],
  [900056, 'Axie Infinity', 'AXS', 'gaming', 1, 165 * M],
  [900057, 'Gala', 'GALA', 'gaming', 0.008, 45 * B],
  [900058, 'Chiliz', 'CHZ', 'payments', 0.035, 10 * B],
  [900059, 'ApeCoin', 'APE', 'meme', 0.3, 800 * M],
  [900060, 'Enjin Coin', 'ENJ', 'gaming', 0.04, 1.9 * B],
  [900061, 'PancakeSwap', 'CAKE', 'defi', 2.3, 340 * M],
  [900062, 'Compound', 'COMP', 'defi', 30, 9.6 * M],
  [900063, 'Synthetix', 'SNX', 'defi', 0.7, 343 * M],
  [900064, '1inch', '1INCH', 'defi', 0.17, 1.4 * B],
  [900065, 'Basic Attention Token', 'BAT', 'infrastructure', 0.2, 1.5 * B],
  [900066, 'Zilliqa', 'ZIL', 'layer-1', 0.006, 19.5 * B],
  [900067, 'NEO', 'NEO', 'layer-1', 4.5, 70.5 * M],
  [900068, 'Dash', 'DASH', 'currency', 60, 12.5 * M],
  [900069, 'Kava', 'KAVA', 'defi', 0.15, 1.08 * B],
  [900070, 'Mina', 'MINA', 'layer-1', 0.15, 1.2 * B],
  [900071, 'Helium', 'HNT', 'infrastructure', 2.2, 186 * M],
  [900072, 'Fetch.ai', 'FET', 'ai', 0.3, 2.6 * B],
  [900073, 'Akash Network', 'AKT', 'ai', 0.8, 280 * M],
  [900074, 'Arweave', 'AR', 'storage', 4.5, 65.6 * M],
  [900075, 'Bonk', 'BONK', 'meme', 0.000011, 88 * T],
  [900076, 'dogwifhat', 'WIF', 'meme', 0.4, 1 * B],
  [900077, 'Floki', 'FLOKI', 'meme', 0.00006, 9.6 * T],
  [900078, 'Celestia', 'TIA', 'infrastructure', 0.8, 800 * M],
  [900079, 'Starknet', 'STRK', 'layer-2', 0.13, 4.5 * B],
  [900080, 'Ethena', 'ENA', 'defi', 0.3, 7 * B],
  [900081, 'Pendle', 'PENDLE', 'defi', 2.5, 165 * M],
  [900082, 'Raydium', 'RAY', 'defi', 1.3, 268 * M],
  [900083, 'GMX', 'GMX', 'defi', 9, 10 * M],
  [900084, 'dYdX', 'DYDX', 'defi', 0.25, 800 * M],
  [900085, 'Loopring', 'LRC', 'layer-2', 0.06, 1.37 * B],
  [900086, 'Convex Finance', 'CVX', 'defi', 2, 90 * M],
  [900087, 'yearn.finance', 'YFI', 'defi', 4_500, 33_900],
  [900088, 'SushiSwap', 'SUSHI', 'defi', 0.45, 270 * M],
  [900089, 'Balancer', 'BAL', 'defi', 0.8, 70 * M],
  [900090, 'Ankr', 'ANKR', 'infrastructure', 0.009, 10 * B],
  [900091, 'Livepeer', 'LPT', 'infrastructure', 3.5, 40 * M],
  [900092, 'Band Protocol', 'BAND', 'oracle', 0.4, 170 * M],
  [900093, 'Ravencoin', 'RVN', 'currency', 0.008, 15 * B],
  [900094, 'Decred', 'DCR', 'currency', 20, 17 * M],
  [900095, 'Qtum', 'QTUM', 'layer-1', 1.6, 105 * M],
  [900096, 'Harmony', 'ONE', 'layer-1', 0.005, 14.5 * B],
  [900097, 'Holo', 'HOT', 'infrastructure', 0.0007, 177 * B],
  [900098, 'Siacoin', 'SC', 'storage', 0.0022, 59 * B],
  [900099, 'Kusama', 'KSM', 'layer-1', 10, 16.9 * M],
  [900100, 'Celo', 'CELO', 'layer-1', 0.2, 600 * M],
  [900101, 'Oasis Network', 'ROSE', 'privacy', 0.015, 7.3 * B],
  [900102, 'Audius', 'AUDIO', 'infrastructure', 0.05, 1.3 * B],
  [900103, 'Storj', 'STORJ', 'storage', 0.15, 430 * M],
  [900104, 'Golem', 'GLM', 'ai', 0.22, 1 * B],
  [900105, 'Bitcoin SV', 'BSV', 'currency', 20, 19.9 * M],
  [900106, 'XDC Network', 'XDC', 'payments', 0.05, 15 * B],
  [900107, 'JasmyCoin', 'JASMY', 'infrastructure', 0.009, 49 * B],
  [900108, 'Conflux', 'CFX', 'layer-1', 0.08, 5 * B],
  [900109, 'Mask Network', 'MASK', 'infrastructure', 0.7, 100 * M],
  [900110, 'Ethereum Name Service', 'ENS', 'infrastructure', 11, 37 * M],
];

/** Listed on every exchange: the largest tokens, as on the real market. */
const LISTED_EVERYWHERE = 25;

/**
 * Smaller tokens get a subset of exchanges (at least three) drawn from a stream keyed by the
 * symbol alone, so listings do not change with the market seed.
 */
function exchangesFor(symbol: string, rank: number): string[] {
  if (rank < LISTED_EVERYWHERE) return [...EXCHANGES];
  const random = new SeededRandom('exchange-listings', symbol);
  const listed: string[] = EXCHANGES.filter(() => random.chance(0.6));
  for (const fallback of ['binance', 'gate', 'kucoin']) {
    if (listed.length >= 3) break;
    if (!listed.includes(fallback)) listed.push(fallback);
  }
  return EXCHANGES.filter((name) => listed.includes(name));
}

/** The sandbox's tokens, largest anchor market cap first. */
export const TOKEN_UNIVERSE: readonly TokenInfo[] = ROWS.map(([id, name, symbol, category, anchorPrice, supply]) => ({
  id,
  name,
  symbol,
  category,
  anchorPrice,
  supply,
}))
  .sort((a, b) => b.anchorPrice * b.supply - a.anchorPrice * a.supply)
  .map((token, rank) => ({ ...token, exchanges: exchangesFor(token.symbol, rank) }));

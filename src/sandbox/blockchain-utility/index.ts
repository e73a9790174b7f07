/**
 * Sandbox B: the blockchain utility for Ergo (TokenJay's API) over a seeded, persisted simulation
 * of the Ergo state it reads: the SigmaUSD bank and oracle boxes, wallets, babel-fee boxes, the
 * EIP-21 registry, token prices and node peers. See the document's descriptions for what each
 * operation does, and the module comments for the sources of every rule.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JsonFileStore } from '../json-file-store.js';
import { OpenApiContract } from '../openapi-contract.js';
import type { SandboxDefinition } from '../sandbox-server.js';
import { babelHandlers } from './babel-handlers.js';
import type { SandboxContext } from './context.js';
import { plainTextErrors } from './errors.js';
import { genesisState } from './genesis.js';
import { paymentHandlers } from './payment-handlers.js';
import { peerHandlers } from './peers.js';
import { stablecoinHandlers } from './stablecoin-handlers.js';
import { suiteHandlers } from './suite.js';
import { tokenHandlers } from './token-handlers.js';

export { SIGMAUSD_BANK_NFT_ID, SIGRSV_TOKEN_ID, SIGUSD_TOKEN_ID } from './constants.js';
export { ERDOGE_TOKEN_ID, impersonatorTokenId, KUSHTI_TOKEN_ID, LUNADOG_TOKEN_ID, NETA_TOKEN_ID } from './genesis-registry.js';
export { SANDBOX_WALLETS, type SandboxWallet, TOKENJAY_FEE_WALLET } from './wallets.js';

export const BLOCKCHAIN_UTILITY_DOCUMENT = fileURLToPath(new URL('../../../schema/blockchain-utility.yaml', import.meta.url));
export const DEFAULT_BLOCKCHAIN_UTILITY_SEED = 'blockchain-utility';

export interface BlockchainUtilitySandboxOptions {
  /** Where the simulated chain is kept; default `var/blockchain-utility/` in the repository. */
  dataDir?: string;
  /** Seed of a new simulated chain (an existing data directory keeps its own). */
  seed?: string;
  /** The clock, in milliseconds since the Unix epoch; default `Date.now`. */
  now?: () => number;
}

/** The sandbox definition of interface B, ready for `startSandbox`. */
export function createBlockchainUtilitySandbox(options: BlockchainUtilitySandboxOptions = {}): SandboxDefinition {
  const seed = options.seed ?? DEFAULT_BLOCKCHAIN_UTILITY_SEED;
  const dataDir = options.dataDir ?? fileURLToPath(new URL('../../../var/blockchain-utility/', import.meta.url));
  const context: SandboxContext = {
    now: options.now ?? Date.now,
    store: new JsonFileStore(join(dataDir, 'chain-state.json'), () => genesisState(seed)),
  };
  return {
    name: 'blockchain-utility',
    contract: new OpenApiContract(BLOCKCHAIN_UTILITY_DOCUMENT),
    errors: plainTextErrors,
    handlers: {
      ...stablecoinHandlers(context),
      ...babelHandlers(context),
      ...suiteHandlers(context),
      ...paymentHandlers(context),
      ...tokenHandlers(context),
      ...peerHandlers(context),
    },
  };
}

/**
 * Every slice of the hand-written graph: each interface's additions, then the features that cross
 * them, then the gateway's own input checks.
 */
import { briefModule } from './features/brief/index.js';
import { byKeyModule } from './features/by-key/index.js';
import { moneyModule } from './features/money/index.js';
import { placesModule } from './features/places/index.js';
import { tokenGraphModule } from './features/token-graph/index.js';
import { visitorModule } from './features/visitor/index.js';
import { liveModule } from './features/live/index.js';
import { federationModule } from './federation/index.js';
import { addressModule } from './interfaces/address/index.js';
import { blockchainUtilityModule } from './interfaces/blockchain-utility/index.js';
import { countryDataModule } from './interfaces/country-data/index.js';
import { cryptoAnalyticsModule } from './interfaces/crypto-analytics/index.js';
import type { GraphModule } from './schema/graph-module.js';
import { inputLimitsModule } from './schema/input-limits.js';
import { stitchingModule } from './stitching/index.js';

export const GRAPH_MODULES: readonly GraphModule[] = [
  countryDataModule,
  cryptoAnalyticsModule,
  blockchainUtilityModule,
  addressModule,
  tokenGraphModule,
  moneyModule,
  placesModule,
  visitorModule,
  briefModule,
  byKeyModule,
  liveModule,
  federationModule,
  stitchingModule,
  // Last: it checks the arguments of root fields every module above has contributed.
  inputLimitsModule,
];

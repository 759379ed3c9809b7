// @ts-check
// @storefront/embedded-mongodb: the local MongoDB server every process of the storefront
// shares when no MONGODB_URI is configured.
//
//   import { ensureEmbeddedMongo } from '@storefront/embedded-mongodb';
//   const { uri } = await ensureEmbeddedMongo({ dataDir: '.data' });
//
// Importing this module loads neither the engine nor its native library: only the server
// process (`./server.mjs`, spawned on demand) does.

export { embeddedStatus, ensureEmbeddedMongo, stopEmbeddedMongo } from './launcher.mjs';
export {
  DEFAULT_DATA_DIR,
  FILES,
  HOST,
  MONGODB_URI_HINT,
  ON_DEMAND_IDLE_EXIT_MS,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
} from './constants.mjs';
export { dataPaths, isAlive, readState } from './state.mjs';

/**
 * @typedef {import('./launcher.mjs').EmbeddedMongo} EmbeddedMongo
 * @typedef {import('./launcher.mjs').EmbeddedStatus} EmbeddedStatus
 * @typedef {import('./state.mjs').ServerState} ServerState
 */

// Lets a command-line process outside Next.js load the store's server modules as the server
// does (`npm run worker`): `server-only` (which throws when a bundler or Node.js resolves it
// without the `react-server` condition) resolves to an empty module. The store's mail templates
// need React's ordinary build (its `react-server` build has no createContext), so such a process
// runs without that condition and with this hook, preloaded:
//   tsx --require ./scripts/lib/server-modules-hook.cjs scripts/worker.ts
// A CommonJS preload (`--require`) patches CommonJS resolution, so it is itself CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require('node:module');

const empty = require.resolve('./empty-module.cjs');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveServerOnly(request, ...rest) {
  return request === 'server-only' ? empty : resolveFilename.call(this, request, ...rest);
};

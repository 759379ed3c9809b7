#!/usr/bin/env node
// `npm run build`: the production build (`next build`) of the current release. Without
// MONGODB_URI, the embedded engine the build reads is stopped again when it is over, unless it was
// running before (scripts/lib/build.mjs `buildStore`). `npm run build -- --debug` passes the
// arguments on to `next build`.
import { buildStore } from './lib/build.mjs';
import { loadProjectEnv } from './lib/project-env.mjs';

loadProjectEnv();
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
process.exit(await buildStore(process.argv.slice(2)));

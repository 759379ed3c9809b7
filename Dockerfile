# syntax=docker/dockerfile:1
# The storefront as images built once and run as many instances as needed (compose.yaml,
# docs/operations.md "Containers"). The commands are the ones CI runs: `npm ci` against the
# lockfile, then `npm run build`, then `npm run serve` (its script, scripts/serve.mjs, as the
# command).
#
#   docker build --build-arg BUILD_ID=$(git rev-parse HEAD) \
#     --secret id=mongodb_uri,env=MONGODB_URI -t parts-storefront .
#   docker build --target worker -t parts-storefront-worker .
#
# Targets:
#   run     (the default, last) the web server: compiled application and production packages
#           only; no TypeScript runner (tsx) and no embedded MongoDB engine, so MONGODB_URI is
#           required.
#   worker  the background jobs (`npm run worker`) and the store's scripts that run TypeScript
#           with tsx: `npm run db:migrate`, `npm run make-admin`, `npm run seed`.
#
# BUILD_ID names the build (without it, a digest of the sources does); the optional mongodb_uri
# secret lets the build pre-render the public pages from the store's catalogue (without it they
# are pre-rendered from an empty throwaway database and refreshed within 60 s of serving).
# Files of the application belong to root and are read-only to the `node` user the containers
# run as; only .next/cache (optimised images) and .data are writable.

ARG NODE_IMAGE=node:24-slim

# All dependencies, for the build, exactly as the lockfile has them. npm's download cache is a
# build cache mount: kept between builds, never in an image.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY packages ./packages
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund

# Production dependencies only (no test, lint or build tools), for the worker.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --no-audit --no-fund

# What the web server needs of them: without tsx (and esbuild under it) and the embedded MongoDB
# engine, which only the scripts and a server without MONGODB_URI load.
FROM prod-deps AS server-deps
RUN rm -rf node_modules/tsx node_modules/.bin/tsx node_modules/esbuild node_modules/@esbuild \
      node_modules/@0q

# The build. Values read at build time (README "Configuration") are build arguments; a RUN
# step sees them as environment variables.
FROM deps AS build
ARG BUILD_ID=
ARG STORE_NAME=
ARG SITE_URL=
ARG NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=
COPY . .
RUN --mount=type=secret,id=mongodb_uri \
    MONGODB_URI="$(cat /run/secrets/mongodb_uri 2>/dev/null || true)" DATA_DIR=/tmp/build-data \
    npm run build \
 && rm -rf node_modules .next/cache

# The background jobs and the scripts (tsx): `docker build --target worker`.
FROM ${NODE_IMAGE} AS worker
WORKDIR /app
ARG BUILD_ID=
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    BUILD_ID=${BUILD_ID}
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app ./
RUN mkdir -p .data && chown node:node .data
USER node
# `npm run worker` without npm in between (npm does not pass SIGTERM on to its script).
CMD ["node", "node_modules/tsx/dist/cli.mjs", "--require", "./scripts/lib/server-modules-hook.cjs", "scripts/worker.ts"]

# The web server: a non-root user, on every address of the container.
FROM ${NODE_IMAGE} AS run
WORKDIR /app
ARG BUILD_ID=
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    BUILD_ID=${BUILD_ID}
COPY --from=server-deps /app/node_modules ./node_modules
COPY --from=build /app ./
# The API reference's browser bundle (a build-time package): the build pre-renders /api/docs and
# its script from these two files; kept so that a server asked to render them again (after the
# shared cache was emptied) still can.
COPY --from=deps /app/node_modules/@scalar/api-reference/package.json \
  ./node_modules/@scalar/api-reference/package.json
COPY --from=deps /app/node_modules/@scalar/api-reference/dist/browser/standalone.js \
  ./node_modules/@scalar/api-reference/dist/browser/standalone.js
# Writable for the server: Next.js's cache of optimised images, and the data directory.
RUN mkdir -p .next/cache .data && chown node:node .next/cache .data
USER node
EXPOSE 3000
# Ready: the server answers, is not shutting down, and reaches MongoDB.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run serve` without npm in between: the shell `npm run` starts the script in does not pass
# SIGTERM (docker stop) on, and the server would be killed instead of finishing its requests.
CMD ["node", "scripts/serve.mjs"]

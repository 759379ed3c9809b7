# syntax=docker/dockerfile:1
# The storefront as one image, built once and run as many instances as needed (compose.yaml,
# docs/operations.md "Several instances"). The commands are the ones CI runs: npm install, then
# `npm run build`, then `npm run serve` (its script, scripts/serve.mjs, as the command).
#
#   docker build --build-arg BUILD_ID=$(git rev-parse HEAD) \
#     --secret id=mongodb_uri,env=MONGODB_URI -t parts-storefront .
#
# BUILD_ID names the build (without it, a digest of the sources does); the optional mongodb_uri
# secret lets the build pre-render the public pages from the store's catalogue (without it they
# are pre-rendered from an empty throwaway database and refreshed within 60 s of serving).

ARG NODE_IMAGE=node:24-slim

# All dependencies, for the build.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
COPY packages ./packages
RUN npm install --no-audit --no-fund

# Production dependencies only, for the image that runs (no test, lint or build tools).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
RUN npm install --omit=dev --no-audit --no-fund

# The build. Values read at build time (docs: README "Configuration") are build arguments.
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

# The image that runs: a non-root user, on every address of the container.
FROM ${NODE_IMAGE} AS run
WORKDIR /app
ARG BUILD_ID=
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    BUILD_ID=${BUILD_ID}
COPY --from=prod-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app ./
# The API reference's browser bundle (a build-time package): the build pre-renders /api/docs and
# its script from these two files; kept so that a server asked to render them again (after the
# shared cache was emptied) still can.
COPY --from=deps --chown=node:node /app/node_modules/@scalar/api-reference/package.json \
  ./node_modules/@scalar/api-reference/package.json
COPY --from=deps --chown=node:node /app/node_modules/@scalar/api-reference/dist/browser/standalone.js \
  ./node_modules/@scalar/api-reference/dist/browser/standalone.js
RUN mkdir -p .data && chown node:node /app .data
USER node
EXPOSE 3000
# Ready: the server answers, is not shutting down, and reaches MongoDB.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `npm run serve` without npm in between: the shell `npm run` starts the script in does not pass
# SIGTERM (docker stop) on, and the server would be killed instead of finishing its requests.
CMD ["node", "scripts/serve.mjs"]

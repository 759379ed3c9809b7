import { fileURLToPath } from 'node:url';
import { PHASE_DEVELOPMENT_SERVER } from 'next/constants.js';
import {
  headerRules,
  IMAGE_CONTENT_SECURITY_POLICY,
  securityConfigFromEnv,
} from './lib/security/headers.mjs';
import { releaseId } from './scripts/lib/release.mjs';

/**
 * @param {string} phase
 * @returns {import('next').NextConfig}
 */
export default function nextConfig(phase) {
  return {
    // The end-to-end tests build into their own directory (see scripts/e2e-server.mjs).
    distDir: process.env.NEXT_DIST_DIR || '.next',
    // The build is named after its release (the commit, or BUILD_ID; scripts/lib/release.mjs):
    // every machine that builds one release makes the same id, and `npm run serve` refuses a
    // build of another release.
    generateBuildId: () => releaseId(),
    reactStrictMode: true,
    // With REDIS_URL, pages and cached data live in Redis, shared by every instance, and none in
    // each process's memory (cache-handler.mjs); without it, each instance caches on its own.
    ...(process.env.REDIS_URL
      ? {
          cacheHandler: fileURLToPath(new URL('./cache-handler.mjs', import.meta.url)),
          cacheMaxMemorySize: 0,
        }
      : {}),
    poweredByHeader: false,
    // No ETag on pages: Next.js makes it by hashing the whole HTML in JavaScript on every
    // request, even of a pre-rendered page served from its cache (about a sixth of the time
    // of serving the home page, `npm run bench`). Pages are sent with `s-maxage`, for a CDN,
    // which keeps its own validators; public files keep Last-Modified, so browsers still
    // revalidate them.
    generateEtags: false,
    // The build checks the application's own sources; `npm run typecheck` checks everything.
    typescript: { tsconfigPath: 'tsconfig.build.json' },
    // Loaded from node_modules, not bundled: the embedded engine launcher spawns a Node process
    // (mongodb), and the one Stripe client of the process is shared through globalThis, so every
    // route must use the same copy of the SDK as the one that made it.
    serverExternalPackages: ['mongodb', 'stripe'],
    images: {
      // Product and review pictures come from our own origin (public/, /api/images, and the
      // store's copy of a product picture on another host) or from Cloudinary's delivery host.
      remotePatterns: [{ protocol: 'https', hostname: 'res.cloudinary.com' }],
      localPatterns: [
        { pathname: '/images/**' },
        { pathname: '/api/images/**' },
        { pathname: '/api/product/*/picture' },
      ],
      formats: ['image/avif', 'image/webp'],
      // Next.js sends this policy with every optimised image, in place of the site's.
      contentSecurityPolicy: IMAGE_CONTENT_SECURITY_POLICY,
    },
    // Security headers on every response (lib/security/headers.mjs). `next build` writes them
    // into the routes manifest, so the origins they allow are those of the build's environment
    // (next.config.mjs is, with lib/public-env.ts, where the environment is read at build time).
    async headers() {
      return headerRules(
        securityConfigFromEnv(process.env, { development: phase === PHASE_DEVELOPMENT_SERVER }),
      );
    },
  };
}

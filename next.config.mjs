/** @type {import('next').NextConfig} */
const nextConfig = {
  // The end-to-end tests build into their own directory (see scripts/e2e-server.mjs).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // The build checks the application's own sources; `npm run typecheck` checks everything.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  // The embedded engine launcher spawns a Node process; keep the MongoDB driver out of the bundle.
  serverExternalPackages: ['mongodb'],
  images: {
    // Product and review pictures come from our own origin (public/ and /api/images)
    // or from Cloudinary's delivery host.
    remotePatterns: [{ protocol: 'https', hostname: 'res.cloudinary.com' }],
    localPatterns: [{ pathname: '/images/**' }, { pathname: '/api/images/**' }],
    formats: ['image/avif', 'image/webp'],
  },
};

export default nextConfig;

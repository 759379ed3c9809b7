import boundaries from 'eslint-plugin-boundaries';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import globals from 'globals';
import { serverOnlyFiles } from './scripts/lib/server-only-files.mjs';

/**
 * The walls between the store's folders (docs/architecture.md, "Module map"), checked by
 * eslint-plugin-boundaries; each message starts with the wall's name. The kernel is lib/core,
 * lib/security and lib/client (lib/public-env.ts and lib/public-pages.mjs, two files, are kernel
 * too: test/unit/import-graph.test.ts checks them); a feature is any other folder of lib/ but
 * lib/api (the HTTP edge) and lib/startup (which puts the features together at start-up). A
 * feature's public faces are index.ts (server), shared.ts (client-safe labels and rules),
 * schemas.ts (client-safe zod schemas) and api.ts (its endpoints' declarations, read by the
 * route files and the OpenAPI document in lib/api). That lib/ has no import circle is checked by
 * test/unit/import-graph.test.ts.
 */
const faces = ['index.ts', 'shared.ts', 'schemas.ts', 'api.ts'];
/** A file of a feature other than the given faces (paths inside the feature's folder). */
const besides = (allowed) => [
  `!(${allowed.map((file) => file.replace(/\.ts$/, '')).join('|')}).ts`,
  '*/**',
];
const element = (types) => ({ element: { types } });

const walls = {
  files: ['app/**', 'components/**', 'lib/**'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { typescript: { alwaysTryTypes: true, project: './tsconfig.json' } },
    'boundaries/include': ['app/**', 'components/**', 'lib/**'],
    'boundaries/elements': [
      { type: 'kernel', pattern: ['lib/core', 'lib/security', 'lib/client'] },
      { type: 'edge', pattern: 'lib/api' },
      { type: 'wiring', pattern: 'lib/startup' },
      { type: 'feature', pattern: 'lib/*', capture: ['feature'] },
      { type: 'app', pattern: 'app' },
      { type: 'components', pattern: 'components' },
    ],
    // Modules a browser bundle must never load: those that import 'server-only', and every
    // module that imports one of them (values, not types).
    'boundaries/files': [
      { category: 'server-only', pattern: serverOnlyFiles(import.meta.dirname) },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: element('kernel'),
            disallow: [{ to: element(['feature', 'edge', 'wiring', 'app', 'components']) }],
            message:
              '[wall kernel-imports-no-feature] The kernel (lib/core, lib/security, lib/client) imports no feature, no lib/api and no app code: move what it needs into the kernel, or let the feature pass it in.',
          },
          {
            from: element('feature'),
            disallow: [{ to: element(['edge', 'wiring', 'app', 'components']) }],
            message:
              '[wall feature-imports-no-edge] A feature imports the kernel and other features only: never lib/api (the HTTP edge), the start-up wiring, app/ or components/.',
          },
          {
            from: { element: { type: 'feature', fileInternalPath: '!migrations.ts' } },
            disallow: [
              {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                    fileInternalPath: besides(faces),
                  },
                },
              },
            ],
            message:
              '[wall feature-through-index] A feature imports another feature only through its public face (lib/<feature>/index.ts, shared.ts, schemas.ts or api.ts), never one of its files.',
          },
          {
            from: { element: { type: 'feature', fileInternalPath: 'migrations.ts' } },
            disallow: [
              {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                    fileInternalPath: besides([...faces, 'migrations.ts']),
                  },
                },
              },
            ],
            message:
              "[wall feature-through-index] A feature's migrations import another feature only through its public face or its migrations.ts (which load no environment).",
          },
          {
            from: element(['app', 'components', 'edge']),
            disallow: [{ to: { element: { type: 'feature', fileInternalPath: besides(faces) } } }],
            message:
              '[wall app-through-index] app/, components/ and lib/api import a feature only through its public face: lib/<feature> (index.ts), lib/<feature>/shared, lib/<feature>/schemas or lib/<feature>/api.',
          },
          {
            from: element('wiring'),
            disallow: [
              {
                to: {
                  element: {
                    type: 'feature',
                    fileInternalPath: besides([...faces, 'collections.ts', 'migrations.ts']),
                  },
                },
              },
            ],
            message:
              '[wall wiring-through-index] The start-up wiring imports a feature through its public face, its collections.ts (declarations) or its migrations.ts.',
          },
          {
            from: element('components'),
            disallow: [
              { to: { file: { categories: 'server-only' } }, dependency: { kind: 'value' } },
            ],
            message:
              "[wall components-no-server-only] components/ never import a server-only module (one that imports 'server-only', a store, the database, or a feature's index.ts) except for types (import type); use lib/<feature>/shared or /schemas.",
          },
        ],
      },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  walls,
  {
    // Playwright fixtures receive a function named `use`; it is not a React hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The plain-JavaScript scripts and modules (the servers, the build, the stand-ins) have no
    // type check to catch a name that is not defined: the linter does, with Node.js's globals.
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-undef': 'error' },
  },
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'node_modules/**',
      '.data/**',
      'next-env.d.ts',
      'test-results/**',
      // The benchmark's output and its framework-floor app, built there (npm run bench).
      '.bench/**',
      'playwright-report/**',
    ],
  },
];

export default config;

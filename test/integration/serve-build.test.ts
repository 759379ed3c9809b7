import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProblem } from '@/scripts/lib/build.mjs';
import { releaseId, sourcesDigest } from '@/scripts/lib/release.mjs';

// Build once, run many: `next build` names the build after its release (next.config.mjs
// generateBuildId -> scripts/lib/release.mjs), and `npm run serve` refuses a missing build or one
// of another release (scripts/lib/build.mjs), before loading Next.js.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const temporary: string[] = [];
const NO_RELEASE_VARIABLES = { BUILD_ID: '', VERCEL_GIT_COMMIT_SHA: '', SOURCE_COMMIT: '' };

afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder holding a few of the files a build is made of. */
function sources(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-release-'));
  temporary.push(dir);
  fs.mkdirSync(path.join(dir, 'app'));
  fs.writeFileSync(path.join(dir, 'app', 'page.tsx'), 'export default function Page() {}\n');
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "store" }\n');
  return dir;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Store', '-c', 'user.email=store@example.com', ...args],
    { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  ).trim();
}

/** A dist directory of this project holding a BUILD_ID (git-ignored: .next-*). */
function distWith(buildId: string): string {
  const name = `.next-release-test-${process.pid}-${temporary.length}`;
  fs.mkdirSync(path.join(root, name));
  fs.writeFileSync(path.join(root, name, 'BUILD_ID'), buildId);
  temporary.push(path.join(root, name));
  return name;
}

describe('the release id a build is named with', () => {
  it('without git (a tarball, an image): a digest of the sources, the same wherever they are', () => {
    const one = sources();
    const other = sources();
    const id = releaseId(NO_RELEASE_VARIABLES, one);
    expect(id).toMatch(/^sources-[0-9a-f]{16}$/);
    expect(releaseId(NO_RELEASE_VARIABLES, other)).toBe(id);
    fs.appendFileSync(path.join(other, 'app', 'page.tsx'), '// changed\n');
    expect(releaseId(NO_RELEASE_VARIABLES, other)).not.toBe(id);
    // A file outside what a build is made of changes nothing.
    fs.writeFileSync(path.join(one, 'NOTES.md'), 'notes\n');
    expect(releaseId(NO_RELEASE_VARIABLES, one)).toBe(id);
  });

  it('in a git checkout: the commit; with uncommitted changes to the sources, the commit and their digest', () => {
    const dir = sources();
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'release');
    const commit = git(dir, 'rev-parse', 'HEAD');
    expect(releaseId(NO_RELEASE_VARIABLES, dir)).toBe(commit);

    fs.appendFileSync(path.join(dir, 'app', 'page.tsx'), '// edited\n');
    const edited = releaseId(NO_RELEASE_VARIABLES, dir);
    expect(edited).toBe(`${commit}-${sourcesDigest(dir)}`);
    git(dir, 'checkout', '-q', '--', 'app/page.tsx');
    fs.writeFileSync(path.join(dir, 'app', 'new-page.tsx'), 'export {};\n');
    expect(releaseId(NO_RELEASE_VARIABLES, dir)).toMatch(new RegExp(`^${commit}-[0-9a-f]{16}$`));
  });

  it('BUILD_ID, VERCEL_GIT_COMMIT_SHA or SOURCE_COMMIT name it when set, in that order', () => {
    const dir = sources();
    expect(releaseId({ SOURCE_COMMIT: 'abc123' }, dir)).toBe('abc123');
    expect(releaseId({ VERCEL_GIT_COMMIT_SHA: 'def456', SOURCE_COMMIT: 'abc123' }, dir)).toBe(
      'def456',
    );
    expect(releaseId({ BUILD_ID: 'v1.4.0', VERCEL_GIT_COMMIT_SHA: 'def456' }, dir)).toBe('v1.4.0');
    expect(() => releaseId({ BUILD_ID: '../../etc' }, dir)).toThrow(
      /BUILD_ID=..\/..\/etc cannot name a build/,
    );
  });
});

describe('which build may be served', () => {
  it('no build at all: refused, with what to run', () => {
    expect(buildProblem('.next-release-test-none', NO_RELEASE_VARIABLES)).toBe(
      'there is no production build in .next-release-test-none/. Run `npm run build` first.',
    );
  });

  it('a build of the current release is served; one of another release is refused', () => {
    const env = { ...NO_RELEASE_VARIABLES, BUILD_ID: 'release-2' };
    expect(buildProblem(distWith('release-2'), env)).toBeNull();
    const stale = distWith('release-1');
    expect(buildProblem(stale, env)).toBe(
      `the build in ${stale}/ is of release release-1, and BUILD_ID=release-2. Run \`npm run build\` with the same BUILD_ID, then start again.`,
    );
    // These sources, as `next build` names them.
    expect(
      buildProblem(distWith(releaseId(NO_RELEASE_VARIABLES)), NO_RELEASE_VARIABLES),
    ).toBeNull();
    expect(buildProblem(stale, NO_RELEASE_VARIABLES)).toMatch(
      new RegExp(
        `^the build in ${stale}/ was made from other sources \\(release release-1; these sources are [0-9a-f-]+\\)\\. Run \`npm run build\`, then start again\\.$`,
      ),
    );
  });

  it('npm run serve (scripts/serve.mjs) refuses a stale build before loading Next.js', async () => {
    const stale = distWith('an-older-release');
    const result = await run(process.execPath, ['scripts/serve.mjs', '-p', '3996'], {
      cwd: root,
      env: { ...process.env, ...NO_RELEASE_VARIABLES, NEXT_DIST_DIR: stale, NODE_ENV: 'test' },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({
        code: error.code,
        stderr: error.stderr ?? '',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `The storefront cannot start: the build in ${stale}/ was made from other sources (release an-older-release;`,
    );
  });
});

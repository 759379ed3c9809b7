import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  isLocalDemo,
  isProduction,
  productionProblems,
  productionProfileNotice,
  productionProfileProblem,
} from '@/lib/security/production-profile.mjs';
import { redirectLogs } from '@/lib/core/log';
import { namedVariables, projectRoot, runCommand, UNCONFIGURED } from '../support/commands';

// The production profile (lib/security/production-profile.mjs): a production server
// (NODE_ENV=production, or on Vercel) refuses to start, naming everything missing at once,
// without MONGODB_URI (unless EMBEDDED_DB_IN_PRODUCTION=true), AUTH_SECRET, AUTH_URL or SMTP_URL;
// the local demo of `npm start` (LOCAL_DEMO=true) is excused on loopback only. Checked three ways:
// the rule on environments, the real server processes (scripts/serve.mjs and `npm start`), and
// the check every server process runs at start (instrumentation.ts -> lib/security/start.ts).

const root = projectRoot;

/** A production store with everything it needs. */
const COMPLETE = {
  NODE_ENV: 'production',
  MONGODB_URI: 'mongodb+srv://store:pass@cluster0.example.net/?maxPoolSize=20',
  AUTH_SECRET: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA',
  AUTH_URL: 'https://shop.example.com',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
};
const REQUIRED = ['MONGODB_URI', 'AUTH_SECRET', 'AUTH_URL', 'SMTP_URL'] as const;

/** The variables a production message names as missing or wrong. */
const named = namedVariables;

describe('the rule: what a production server must be given', () => {
  it('a complete production configuration may start, and says nothing', () => {
    expect(productionProfileProblem(COMPLETE)).toBeNull();
    expect(productionProfileNotice(COMPLETE)).toBeNull();
  });

  it('nothing is asked of a server that is not a production one', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      expect(productionProfileProblem({ NODE_ENV })).toBeNull();
      expect(isProduction({ NODE_ENV })).toBe(false);
    }
  });

  it('each missing variable is refused, with what to set', () => {
    const advice = {
      MONGODB_URI: /MONGODB_URI=mongodb\+srv:\/\/.*maxPoolSize=.*EMBEDDED_DB_IN_PRODUCTION=true/s,
      AUTH_SECRET: /openssl rand -base64 32.*every instance the same/s,
      AUTH_URL: /AUTH_URL=https:\/\/shop\.example\.com/,
      SMTP_URL: /SMTP_URL=smtps:\/\/user:pass@smtp\.example\.com:465/,
    };
    for (const name of REQUIRED) {
      for (const absent of [undefined, '', '   ']) {
        const message = productionProfileProblem({ ...COMPLETE, [name]: absent });
        expect(named(message), `${name}=${JSON.stringify(absent)}`).toEqual([name]);
        expect(message).toMatch(advice[name]);
        expect(message).toContain('this is a production server (NODE_ENV=production)');
      }
    }
  });

  it('everything missing is listed at once, in one message', () => {
    const message = productionProfileProblem({ NODE_ENV: 'production' });
    expect(named(message)).toEqual([...REQUIRED]);
    expect(message).toContain('4 settings are missing or wrong');
    // and the way to a zero-configuration run on this machine
    expect(message).toContain('run `npm start`');
    expect(productionProblems({ NODE_ENV: 'production' })).toHaveLength(4);
  });

  it('EMBEDDED_DB_IN_PRODUCTION=true is accepted in place of MONGODB_URI, and said plainly at start', () => {
    const single = {
      ...COMPLETE,
      MONGODB_URI: '',
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      DATA_DIR: '/srv/store',
    };
    expect(productionProfileProblem(single)).toBeNull();
    expect(productionProfileProblem({ ...single, EMBEDDED_DB_IN_PRODUCTION: '1' })).toBeNull();
    expect(productionProfileNotice(single)).toMatch(
      /^Single-machine store \(EMBEDDED_DB_IN_PRODUCTION=true\): the database is the embedded MongoDB in \/srv\/store on this machine\. Run one server only/,
    );
    // It stands for the database only: the rest is still required.
    expect(
      named(
        productionProfileProblem({ NODE_ENV: 'production', EMBEDDED_DB_IN_PRODUCTION: 'true' }),
      ),
    ).toEqual(['AUTH_SECRET', 'AUTH_URL', 'SMTP_URL']);
    // false (or absent) is no excuse; a value that is neither is reported, not guessed.
    expect(
      named(productionProfileProblem({ ...single, EMBEDDED_DB_IN_PRODUCTION: 'false' })),
    ).toEqual(['MONGODB_URI']);
    expect(
      named(productionProfileProblem({ ...single, EMBEDDED_DB_IN_PRODUCTION: 'yes' })),
    ).toEqual(['EMBEDDED_DB_IN_PRODUCTION', 'MONGODB_URI']);
  });

  it('on Vercel (VERCEL=1) the server counts as a production one, whatever NODE_ENV says', () => {
    for (const NODE_ENV of [undefined, 'development', 'production']) {
      const settings = { VERCEL: '1', NODE_ENV };
      expect(isProduction(settings)).toBe(true);
      const message = productionProfileProblem(settings);
      expect(named(message)).toEqual([...REQUIRED]);
      expect(message).toContain('this is a production server (on Vercel, VERCEL=1)');
    }
    expect(productionProfileProblem({ ...COMPLETE, NODE_ENV: undefined, VERCEL: '1' })).toBeNull();
  });

  it('on Vercel neither the embedded database nor the local demo is an excuse', () => {
    const message = productionProfileProblem({
      ...COMPLETE,
      VERCEL: '1',
      MONGODB_URI: '',
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      LOCAL_DEMO: 'true',
      AUTH_SECRET: '',
    });
    expect(named(message)).toEqual(['MONGODB_URI', 'AUTH_SECRET']);
    expect(message).toContain('EMBEDDED_DB_IN_PRODUCTION does not apply on Vercel');
    expect(message).toContain('LOCAL_DEMO=true does not apply on Vercel.');
  });

  it('the local demo (npm start) runs with nothing configured, on loopback and the embedded database only', () => {
    const demo = {
      NODE_ENV: 'production',
      LOCAL_DEMO: 'true',
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      HOST: '127.0.0.1',
      DATA_DIR: '/home/me/store/.data',
    };
    expect(isLocalDemo(demo)).toBe(true);
    expect(productionProfileProblem(demo)).toBeNull();
    for (const HOST of ['localhost', '::1', undefined]) {
      expect(productionProfileProblem({ ...demo, HOST })).toBeNull();
    }
    expect(productionProfileNotice(demo)).toMatch(
      /^Local demo \(LOCAL_DEMO=true\): one server on 127\.0\.0\.1, reachable from this machine only, on the embedded MongoDB in \/home\/me\/store\/\.data, with a generated sign-in secret and mail written to \/home\/me\/store\/\.data\/outbox\./,
    );

    // Reachable from other machines: a store others use, so it needs its secret, URL and mail.
    const lan = productionProfileProblem({
      ...demo,
      HOST: '0.0.0.0',
      AUTH_URL: 'http://192.168.1.20:3000',
    });
    expect(named(lan)).toEqual(['AUTH_SECRET', 'SMTP_URL']);
    expect(lan).toContain(
      'LOCAL_DEMO=true applies only on a loopback address (127.0.0.1), and HOST=0.0.0.0',
    );

    // On a database of its own: the same (its secret must be shared by every instance).
    const shared = productionProfileProblem({ ...demo, MONGODB_URI: COMPLETE.MONGODB_URI });
    expect(named(shared)).toEqual(['AUTH_SECRET', 'AUTH_URL', 'SMTP_URL']);
    expect(shared).toContain('LOCAL_DEMO=true applies only to the embedded database');

    // LOCAL_DEMO never stands for the database: without EMBEDDED_DB_IN_PRODUCTION it is refused.
    expect(
      named(productionProfileProblem({ ...demo, EMBEDDED_DB_IN_PRODUCTION: undefined })),
    ).toEqual(['MONGODB_URI']);
  });
});

describe('the rule: values are checked, not only their presence', () => {
  /** The variables named for one setting changed from the complete configuration. */
  const namedWith = (name: string, value: string) =>
    named(productionProfileProblem({ ...COMPLETE, [name]: value }));

  it('AUTH_SECRET: at least 32 characters, its value never repeated', () => {
    for (const secret of ['x', 'a'.repeat(31), `  ${'s'.repeat(31)}  `]) {
      const message = productionProfileProblem({ ...COMPLETE, AUTH_SECRET: secret });
      expect(named(message), secret).toEqual(['AUTH_SECRET']);
      expect(message).toMatch(/AUTH_SECRET is \d+ characters? long; it must be at least 32/);
      expect(message).toContain('openssl rand -base64 32');
      if (secret.trim().length > 1) expect(message).not.toContain(secret.trim());
    }
    expect(productionProfileProblem({ ...COMPLETE, AUTH_SECRET: 'a'.repeat(32) })).toBeNull();
  });

  it('SMTP_URL: a parseable smtp:// or smtps:// URL with a host, its password never repeated', () => {
    for (const url of [
      'foo',
      'smtp.example.com:587',
      'http://smtp.example.com',
      'smtp://',
      'smtp://[bad/',
    ]) {
      expect(namedWith('SMTP_URL', url), url).toEqual(['SMTP_URL']);
    }
    const message = productionProfileProblem({
      ...COMPLETE,
      SMTP_URL: 'http://mailer:S3cretPassw0rd@smtp.example.com',
    });
    expect(message).toContain('SMTP_URL is not a mail server address');
    expect(message).not.toContain('S3cretPassw0rd');
    for (const url of [
      'smtp://127.0.0.1:2525',
      'smtp://user:pass@smtp.example.com:587',
      'smtps://user:p%40ss@smtp.example.com',
    ]) {
      expect(namedWith('SMTP_URL', url), url).toEqual([]);
    }
  });

  it('AUTH_URL: an absolute http(s) URL without a path', () => {
    const faults = {
      'shop.example.com': 'not an absolute URL',
      '/store': 'not an absolute URL',
      'ftp://shop.example.com': 'ftp: is neither http nor https',
      'https://shop.example.com/store': 'it has the path /store',
      'https://shop.example.com/?ref=1': 'it has a query or fragment',
      'https://admin:pw@shop.example.com': 'it has a user name or password',
    };
    for (const [url, fault] of Object.entries(faults)) {
      const message = productionProfileProblem({ ...COMPLETE, AUTH_URL: url });
      expect(named(message), url).toEqual(['AUTH_URL']);
      expect(message).toContain(`AUTH_URL is not the store's public address (${fault})`);
    }
    for (const url of [
      'https://shop.example.com',
      'https://shop.example.com/',
      'http://192.168.1.20:3000',
      'http://[::1]:3000',
    ]) {
      expect(namedWith('AUTH_URL', url), url).toEqual([]);
    }
  });

  it('MONGODB_URI: a connection string the MongoDB driver parses, its password never repeated', () => {
    const refused = [
      'localhost:27017',
      'http://db.example.com',
      'mongodb://',
      'mongodb:///store',
      'mongodb://db.example.com:0',
      'mongodb://db.example.com:99999',
      'mongodb://db.example.com:port',
      'mongodb+srv://cluster0.example.net:27017/',
      'mongodb+srv://a.example.net,b.example.net/',
      'mongodb://store:pa/ss@db.example.com/',
    ];
    for (const uri of refused) {
      const message = productionProfileProblem({ ...COMPLETE, MONGODB_URI: uri });
      expect(named(message), uri).toEqual(['MONGODB_URI']);
      expect(message).toContain('MONGODB_URI is not a MongoDB connection string (');
      // The driver refuses each of them too.
      expect(() => new MongoClient(uri), uri).toThrow();
    }
    expect(
      productionProfileProblem({ ...COMPLETE, MONGODB_URI: 'mongodb://store:Hunter2Secret/x@db/' }),
    ).not.toContain('Hunter2Secret');
    const accepted = [
      COMPLETE.MONGODB_URI,
      'mongodb://127.0.0.1:27017/?directConnection=true',
      'mongodb://store:p%40ss@db1.example.com:27017,db2.example.com:27017/shop?replicaSet=rs0',
      'mongodb://[::1]:27017',
      'mongodb://db.example.com?replicaSet=rs0',
      'mongodb+srv://cluster0.example.net',
    ];
    for (const uri of accepted) {
      expect(namedWith('MONGODB_URI', uri), uri).toEqual([]);
      // And the driver parses each of them.
      expect(() => new MongoClient(uri), uri).not.toThrow();
    }
  });

  it('what is missing and what is wrong are named together, in one message', () => {
    const message = productionProfileProblem({
      NODE_ENV: 'production',
      MONGODB_URI: 'localhost',
      AUTH_SECRET: 'x',
      SMTP_URL: 'foo',
    });
    expect(named(message)).toEqual(['AUTH_URL', 'MONGODB_URI', 'AUTH_SECRET', 'SMTP_URL']);
    expect(message).toContain('4 settings are missing or wrong');
  });

  it('HOST=0.0.0.0 names every missing variable at once, with the advice for that address', () => {
    const message = productionProfileProblem({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
    });
    expect(named(message)).toEqual([...REQUIRED]);
    expect(message).toContain(
      "HOST=0.0.0.0 is not a loopback address: set AUTH_URL to the address people use to reach the store, e.g. AUTH_URL=http://<this machine's address>:8080",
    );
  });
});

/** `node <args>` in the project, with nothing of the test process's own configuration. */
function node(args: string[], env: Record<string, string | undefined>) {
  return runCommand(process.execPath, args, { ...UNCONFIGURED, ...env });
}

/** A dist directory that holds no build: a server that passes the profile stops there. */
const NO_BUILD = '.next-profile-test-no-build';

describe('the real servers refuse to start, before loading Next.js', () => {
  it('npm run serve (scripts/serve.mjs) with NODE_ENV=production and nothing set: exits 1, naming all four', async () => {
    const result = await node(['scripts/serve.mjs', '-p', '3991'], {
      NODE_ENV: 'production',
      NEXT_DIST_DIR: NO_BUILD,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The storefront cannot start: this is a production server');
    expect(named(result.stderr)).toEqual([...REQUIRED]);
    expect(result.stdout).not.toContain('Ready');
  });

  it('on Vercel (VERCEL=1), even with NODE_ENV=development: the same', async () => {
    const result = await node(['scripts/serve.mjs', '-p', '3992'], {
      NODE_ENV: 'development',
      VERCEL: '1',
      NEXT_DIST_DIR: NO_BUILD,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(on Vercel, VERCEL=1)');
    expect(named(result.stderr)).toEqual([...REQUIRED]);
  });

  it('a single-machine store (EMBEDDED_DB_IN_PRODUCTION=true) with its secret, URL and mail passes the profile (and then needs a build)', async () => {
    const result = await node(['scripts/serve.mjs', '-p', '3993'], {
      NODE_ENV: 'production',
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      AUTH_SECRET: COMPLETE.AUTH_SECRET,
      AUTH_URL: 'https://shop.example.com',
      SMTP_URL: COMPLETE.SMTP_URL,
      NEXT_DIST_DIR: NO_BUILD,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('production server');
    expect(result.stderr).toContain(
      `The storefront cannot start: there is no production build in ${NO_BUILD}/. Run \`npm run build\` first.`,
    );
  });

  it('npm run serve with AUTH_SECRET=x and SMTP_URL=foo (and all else right): exits 1, naming both', async () => {
    const result = await node(['scripts/serve.mjs', '-p', '3995'], {
      ...COMPLETE,
      AUTH_SECRET: 'x',
      SMTP_URL: 'foo',
      NEXT_DIST_DIR: NO_BUILD,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The storefront cannot start: this is a production server');
    expect(named(result.stderr)).toEqual(['AUTH_SECRET', 'SMTP_URL']);
    expect(result.stdout).not.toContain('Ready');
  });

  it('npm run serve on HOST=0.0.0.0 with nothing set: exits 1, naming all four at once', async () => {
    const result = await node(['scripts/serve.mjs', '-H', '0.0.0.0', '-p', '3996'], {
      NODE_ENV: 'production',
      NEXT_DIST_DIR: NO_BUILD,
    });
    expect(result.code).toBe(1);
    expect(named(result.stderr)).toEqual([...REQUIRED]);
    expect(result.stderr).toContain("AUTH_URL=http://<this machine's address>:3996");
  });

  it('npm start on a LAN address with AUTH_URL but no secret or mail server: exits 1 before anything starts', async () => {
    const result = await node(['scripts/run.mjs', 'start'], {
      NODE_ENV: '',
      HOST: '0.0.0.0',
      PORT: '3994',
      AUTH_URL: 'http://192.168.1.20:3994',
      DATA_DIR: path.join(root, '.data-profile-check-never-created'),
    });
    expect(result.code).toBe(1);
    expect(named(result.stderr)).toEqual(['AUTH_SECRET', 'SMTP_URL']);
    expect(result.stderr).toContain('LOCAL_DEMO=true applies only on a loopback address');
    // Nothing was started, migrated or built.
    expect(result.stdout).not.toMatch(/Embedded MongoDB|Database|Building/);
  });
});

describe('every server process checks it at start (instrumentation.ts -> stopUnlessMayServe)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  /** Runs the start check on the stubbed environment; the exit code it stopped with, if any. */
  async function startCheck(env: Record<string, string>) {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    vi.resetModules();
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const errors: string[] = [];
    // A refusal is plain text on stderr, written directly (the console may already be the log).
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      errors.push(String(chunk));
      return true;
    });
    // The notice is one of the store's log lines (lib/core/log.ts): read from its destination.
    vi.stubEnv('LOG_LEVEL', 'info');
    vi.stubEnv('LOG_FORMAT', 'json');
    const infos: string[] = [];
    const restore = redirectLogs((line) => {
      const record = JSON.parse(line) as { level: string; msg: string };
      if (record.level === 'info') infos.push(record.msg);
    });
    try {
      const { stopUnlessMayServe } = await import('@/lib/security/start');
      const stopped = await stopUnlessMayServe().then(
        () => null,
        (error: Error) => error.message,
      );
      return { stopped, exit, error: errors.join('\n'), info: infos.join('\n') };
    } finally {
      restore();
    }
  }

  it('a production server missing everything stops with exit 1 and the one message', async () => {
    const result = await startCheck({ ...UNCONFIGURED, NODE_ENV: 'production' });
    expect(result.stopped).toBe('exit 1');
    expect(result.error).toContain('The storefront cannot start: this is a production server');
    expect(named(result.error)).toEqual([...REQUIRED]);
  });

  it('a single-machine store starts, and says so in one line', async () => {
    const result = await startCheck({
      NODE_ENV: 'production',
      MONGODB_URI: '',
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      AUTH_SECRET: COMPLETE.AUTH_SECRET,
      AUTH_URL: COMPLETE.AUTH_URL,
      SMTP_URL: COMPLETE.SMTP_URL,
      VERCEL: '',
      LOCAL_DEMO: '',
    });
    expect(result.stopped).toBeNull();
    expect(result.exit).not.toHaveBeenCalled();
    expect(result.info).toMatch(/^Single-machine store \(EMBEDDED_DB_IN_PRODUCTION=true\)/);
  });

  it('a flag that is neither true nor false stops the start (lib/core/env)', async () => {
    const result = await startCheck({ NODE_ENV: 'production', LOCAL_DEMO: 'yes' });
    expect(result.stopped).toBe('exit 1');
    expect(result.error).toContain('LOCAL_DEMO: must be true or false');
  });
});

// `npm run make-admin -- someone@example.com`: promotes an existing user to admin. With
// NODE_ENV=production it first checks the production profile, as the servers do.
import { refuseUnlessProfileAllows } from './lib/preflight.mjs';
import { loadProjectEnv } from './lib/project-env.mjs';

async function main() {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email) {
    console.error('Usage: npm run make-admin -- someone@example.com');
    process.exit(2);
  }
  loadProjectEnv();
  refuseUnlessProfileAllows('npm run make-admin');
  const { closeConnection } = await import('@/lib/core/db');
  const { makeAdmin } = await import('@/lib/accounts/store/users');
  const user = await makeAdmin(email);
  await closeConnection();
  if (!user) {
    console.error(
      `No user has the email ${email}. They must sign up (or sign in with Google) first.`,
    );
    process.exit(1);
  }
  console.log(`${user.email} is now an admin.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

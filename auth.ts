import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import Google from 'next-auth/providers/google';
import { MongoDBAdapter } from '@auth/mongodb-adapter';
import { authConfig } from '@/auth.config';
import { getClient } from '@/lib/db';
import { env } from '@/lib/env';
import { authSecret } from '@/lib/auth/secret';
import { decoyHash, verifyPassword } from '@/lib/auth/password';
import { findCredentials, findUserById } from '@/lib/data/users';
import { loginSchema } from '@/lib/validation/auth';

class InvalidCredentials extends CredentialsSignin {
  code = 'invalid_credentials';
}

/** Whether Google sign-in is configured (the button is hidden otherwise). */
export const googleEnabled = Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);

const providers = [
  Credentials({
    credentials: {
      email: { label: 'Email', type: 'email' },
      password: { label: 'Password', type: 'password' },
    },
    async authorize(raw) {
      const parsed = loginSchema.safeParse(raw);
      if (!parsed.success) throw new InvalidCredentials();
      const found = await findCredentials(parsed.data.email);
      // Compare against a decoy when there is no password, so timing reveals nothing.
      const ok = await verifyPassword(
        parsed.data.password,
        found?.passwordHash ?? (await decoyHash()),
      );
      if (!found?.passwordHash || !ok) throw new InvalidCredentials();
      const { user } = found;
      return { id: user.id, email: user.email, name: user.name, image: user.image };
    },
  }),
  ...(googleEnabled
    ? [
        Google({
          clientId: env.AUTH_GOOGLE_ID,
          clientSecret: env.AUTH_GOOGLE_SECRET,
          ...(env.AUTH_GOOGLE_ISSUER ? { issuer: env.AUTH_GOOGLE_ISSUER } : {}),
          // A Google account never silently takes over an email-and-password account with the
          // same address (this is Auth.js's default; stated here on purpose).
          allowDangerousEmailAccountLinking: false,
        }),
      ]
    : []),
];

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  ...authConfig,
  secret: authSecret(),
  adapter: MongoDBAdapter(() => getClient(), { databaseName: env.MONGODB_DB }),
  providers,
  callbacks: {
    ...authConfig.callbacks,
    async jwt({ token, user }) {
      // On sign-in, take the role (and name) from the database.
      if (user?.id) {
        const stored = await findUserById(user.id);
        token.role = stored?.role ?? 'user';
        token.name = stored?.name || user.name || token.name;
      }
      return token;
    },
  },
}));

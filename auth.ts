import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import Google from 'next-auth/providers/google';
import { MongoDBAdapter } from '@auth/mongodb-adapter';
import { authConfig } from '@/auth.config';
import { RefusalError } from '@/lib/core/refusal';
import { getClient } from '@/lib/core/db';
import { env } from '@/lib/core/env';
import {
  isCurrentIssue,
  isSessionId,
  newSessionId,
  SESSION_MAX_AGE_SECONDS,
} from '@/lib/accounts/claims';
import { sessionUser } from '@/lib/accounts/current-user';
import { signInLimits } from '@/lib/accounts/limits';
import { authSecret } from '@/lib/accounts/secret';
import { decoyHash, verifyPassword } from '@/lib/accounts/password';
import {
  findCredentials,
  findUserById,
  noteProviderVerifiedEmail,
  takeOverUnverifiedAccount,
} from '@/lib/accounts/store/users';
import { revokeSession } from '@/lib/accounts/store/sessions';
import { enforce, type Counted } from '@/lib/core/rate-limit';
import { loginSchema } from '@/lib/accounts/validation/auth';
import { logger } from '@/lib/core/log';

class InvalidCredentials extends CredentialsSignin {
  code = 'invalid_credentials';
}

/** Too many failed sign-ins for this email or IP; the route answers it as 429. */
export class SignInRateLimited extends CredentialsSignin {
  code = 'rate_limited';
}

/** Whether Google sign-in is configured (the button is hidden otherwise). */
export const googleEnabled = Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);

/**
 * The sign-in limits, counted on the email Auth.js actually signs in with (whatever the body's
 * encoding or repeated fields) and on the client's IP, before any password is hashed.
 */
async function countSignInAttempt(request: Request, email: string): Promise<Counted> {
  try {
    return await enforce(signInLimits(request, email));
  } catch (error) {
    if (error instanceof RefusalError && error.refusal.key === 'request.rate_limited') {
      throw new SignInRateLimited();
    }
    throw error;
  }
}

const providers = [
  Credentials({
    credentials: {
      email: { label: 'Email', type: 'email' },
      password: { label: 'Password', type: 'password' },
    },
    async authorize(raw, request) {
      const parsed = loginSchema.safeParse(raw);
      if (!parsed.success) throw new InvalidCredentials();
      const { email, password } = parsed.data;
      const attempt = await countSignInAttempt(request, email);
      const found = await findCredentials(email);
      // Compare against a decoy when there is no password, so timing reveals nothing.
      const ok = await verifyPassword(password, found?.passwordHash ?? (await decoyHash()));
      if (!found?.passwordHash || !ok) throw new InvalidCredentials();
      // The limits count failures: a successful sign-in is given back.
      await attempt.giveBack();
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
          // A Google account never silently joins a verified email-and-password account with the
          // same address (Auth.js's default, stated on purpose); an unverified one is taken over
          // explicitly in the signIn callback below.
          allowDangerousEmailAccountLinking: false,
        }),
      ]
    : []),
];

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  ...authConfig,
  secret: authSecret(),
  logger: {
    // A wrong password or a rate-limited attempt is an everyday event: one line, no stack.
    error(error) {
      if (error instanceof CredentialsSignin) {
        logger.warn(`[auth] sign-in refused: ${error.code}`);
      } else {
        logger.error({ err: error }, '[auth] unexpected error');
      }
    },
  },
  adapter: MongoDBAdapter(() => getClient(), { databaseName: env.MONGODB_DB }),
  providers,
  callbacks: {
    ...authConfig.callbacks,
    async signIn({ account, profile }) {
      if (account?.provider !== 'google') return true;
      // Only an address Google has verified signs in, or may take anything over.
      if (profile?.email_verified !== true || typeof profile.email !== 'string') return false;
      // A password account that never proved this email goes to the Google identity, which
      // has; a verified one still refuses (Auth.js answers OAuthAccountNotLinked).
      await takeOverUnverifiedAccount(profile.email, {
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        type: account.type,
      });
      return true;
    },
    async jwt({ token, user }) {
      if (user?.id) {
        // A new sign-in: stamp the user's session version, the sign-in's own id (what signing
        // out revokes) and the time, take the role from the database.
        const stored = await findUserById(user.id);
        if (!stored) return null;
        token.sv = stored.sessionVersion;
        token.sid = newSessionId();
        token.authTime = Math.floor(Date.now() / 1000);
        token.role = stored.role;
        token.name = stored.name || user.name || token.name;
        return token;
      }
      // Every later read: the session ends when it is no longer current (signed out, signed
      // out everywhere, password reset, removal, takeover, or older than its lifetime), and the
      // role stays fresh (a demotion counts at once without ending the session). One query
      // reads the user and whether this sign-in was signed out.
      const stored =
        token.sub && isSessionId(token.sid) ? await sessionUser(token.sub, token.sid) : null;
      if (!isCurrentIssue(stored, token, SESSION_MAX_AGE_SECONDS)) return null;
      token.role = stored.role;
      token.name = stored.name || token.name;
      return token;
    },
  },
  events: {
    async signOut(message) {
      // The cookie is cleared by Auth.js; a copy of it (and every access token issued with it)
      // is refused from now on until it would have expired anyway.
      if ('token' in message && message.token) await revokeSession(message.token);
    },
    async signIn({ user, account }) {
      // Google verified the address (checked in the signIn callback).
      if (account?.provider === 'google' && user.id) await noteProviderVerifiedEmail(user.id);
    },
  },
}));

import type { NextAuthConfig } from 'next-auth';
import type { Role } from '@/lib/accounts/collections';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/accounts/claims';

declare module 'next-auth' {
  interface Session {
    user: { id: string; email: string; name: string; image: string | null; role: Role };
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    role?: Role;
    /** The user's session version at sign-in (see lib/accounts/claims.ts). */
    sv?: number;
    /** When the person signed in, in seconds since the epoch. */
    authTime?: number;
    /** The sign-in's own id, also in its access tokens: signing out revokes it. */
    sid?: string;
  }
}

/**
 * The part of the Auth.js configuration that needs no database: pages, JWT sessions and the
 * session shape. auth.ts adds the adapter, the providers and the callbacks that check each
 * session against the database.
 */
export const authConfig = {
  pages: { signIn: '/login', error: '/login' },
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
  trustHost: true,
  providers: [],
  callbacks: {
    session({ session, token }) {
      session.user = {
        ...session.user,
        id: token.sub ?? '',
        email: token.email ?? '',
        name: token.name ?? '',
        image: token.picture ?? null,
        role: token.role ?? 'user',
      };
      return session;
    },
  },
} satisfies NextAuthConfig;

import type { NextAuthConfig } from 'next-auth';
import type { Role } from '@/lib/db/collections';

declare module 'next-auth' {
  interface Session {
    user: { id: string; email: string; name: string; image: string | null; role: Role };
  }
}

declare module '@auth/core/jwt' {
  interface JWT {
    role?: Role;
  }
}

/**
 * The part of the Auth.js configuration that needs no database: pages, JWT sessions and the
 * session shape. The proxy uses this; auth.ts adds the adapter and the providers.
 */
export const authConfig = {
  pages: { signIn: '/login', error: '/login' },
  session: { strategy: 'jwt', maxAge: 7 * 24 * 60 * 60 },
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

/** Any origin will do: candidates are resolved against it and must keep it. */
const STORE = 'http://store.invalid';

/** A backslash or a control character (tab, newline, NUL, DEL...): browsers skip or rewrite them. */
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The one safe-redirect rule, used by the proxy, the login page and the sign-in completion:
 * a path on the store's own origin to return to after sign-in, or the fallback. The candidate
 * must start with one slash, contain no backslash or control character (also when
 * percent-decoded), and resolve, against the store's origin, to that same origin. What comes
 * back is the resolved path, query and fragment, never the raw input.
 */
export function safeCallbackPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2048 || !value.startsWith('/')) return fallback;
  const plain = decoded(value);
  if (plain === null || UNSAFE.test(value) || UNSAFE.test(plain)) return fallback;
  if (value.startsWith('//') || plain.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(value, STORE);
  } catch {
    return fallback;
  }
  if (url.origin !== STORE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the login page says for an error code in its URL (Auth.js or our own). */
export function loginErrorMessage(
  error: string | null | undefined,
  code?: string | null,
): string | null {
  switch (error) {
    case undefined:
    case null:
    case '':
      return null;
    case 'AdminRequired':
      return 'That page is for admins. Sign in with an admin account to open it.';
    case 'OAuthAccountNotLinked':
      return 'An account with this email already exists with a password. Sign in with your email and password.';
    case 'CredentialsSignin':
      return code === 'rate_limited'
        ? 'Too many sign-in attempts. Please wait a few minutes and try again.'
        : 'Wrong email or password.';
    case 'AccessDenied':
      return 'Sign-in was refused.';
    default:
      return 'Sign-in failed. Please try again.';
  }
}

/** A same-origin path to return to after sign-in; anything else becomes the fallback. */
export function safeCallbackPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return fallback;
  return value;
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

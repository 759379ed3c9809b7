// Signing in from a script as the login form does: the benchmarks' signed-in buyers and admins.

/**
 * The `name=value` part of each Set-Cookie line of a response, as one Cookie header.
 *
 * @param {Response} response
 */
export function cookiesOf(response) {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * Signs in at `base` with Auth.js's credentials provider and its CSRF token, carrying the
 * store's Origin as a browser on its pages does. Answers the session cookie
 * (`authjs.session-token=...`); throws when sign-in fails.
 *
 * @param {string} base the store's origin, `http://127.0.0.1:3200`
 * @param {{ email: string, password: string }} account
 * @returns {Promise<string>}
 */
export async function signInSession(base, { email, password }) {
  const csrfResponse = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = await csrfResponse.json();
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: base,
      Cookie: cookiesOf(csrfResponse),
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Auth-Return-Redirect': '1',
    },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: '/' }),
  });
  const session = cookiesOf(response)
    .split('; ')
    .find((cookie) => cookie.startsWith('authjs.session-token='));
  if (!session) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return session;
}

/**
 * The bearer access token of PUT /api/user/{email}, kept in localStorage as `accessToken` for
 * programmatic use of the API.
 */
const KEY = 'accessToken';

function storeAccessToken(token: string): void {
  window.localStorage.setItem(KEY, token);
}

export function clearAccessToken(): void {
  window.localStorage.removeItem(KEY);
}

/**
 * After login or sign-up: PUT /api/user/{email} answers `{ token }` for the signed-in person's
 * own email, stored as `accessToken`.
 */
export async function fetchAccessToken(email: string): Promise<boolean> {
  const response = await fetch(`/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  }).catch(() => null);
  if (!response?.ok) return false;
  const { token } = (await response.json()) as { token?: string };
  if (!token) return false;
  storeAccessToken(token);
  return true;
}

import { notices } from '@/lib/core/notices';

/** What a client component learns from one API call. */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | {
      ok: false;
      status: number;
      code: string;
      message: string;
      fields?: Record<string, string[]>;
      /** The refusal's other details (e.g. `lines` of a checkout refused for short stock). */
      details?: Record<string, unknown>;
    };

const NETWORK_MESSAGE = notices.network;

/**
 * Calls our own API and turns every outcome, including network failures and the JSON error
 * shape, into an `ApiResult`, so a form always has a message to show.
 */
export async function callApi<T = unknown>(
  input: string,
  init?: RequestInit,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(input, {
      ...init,
      headers: { Accept: 'application/json', ...init?.headers },
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: NETWORK_MESSAGE };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  const error = (
    body as {
      error?: {
        code?: string;
        message?: string;
        details?: { fields?: Record<string, string[]> } & Record<string, unknown>;
      };
    }
  )?.error;
  return {
    ok: false,
    status: response.status,
    code: error?.code ?? 'http_error',
    message: error?.message ?? `The server answered with status ${response.status}.`,
    fields: error?.details?.fields,
    details: error?.details,
  };
}

export function postJson<T = unknown>(input: string, body: unknown, init?: RequestInit) {
  return callApi<T>(input, {
    ...init,
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...init?.headers },
  });
}

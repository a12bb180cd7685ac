import { getAccessToken } from './access-token';

/**
 * An error reply of the API, with its status and its `{ message }`; status 0 means the server
 * could not be reached. `code` is the auth provider's error code (`{ code, message }`), if any.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The whole error reply, for the few that say more than `message` (a CSV import's bad rows). */
    readonly payload?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** How a request reaches the API: the browser's fetch, or on the server the API itself (entry-server.tsx). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server renders pages with the API's own answers, asked in-process; nothing else changes this. */
export function setApiTransport(next: Transport) {
  transport = next;
}

interface RequestOptions {
  /** `HEAD` asks only whether a `GET` would be answered (an export before its download): its reply has no body. */
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as the raw body instead of JSON (a photo upload). */
  file?: Blob;
  /** A multipart form (a catalogue file with its fields); the browser sets its boundary. */
  form?: FormData;
  signal?: AbortSignal;
  /** Send the stored access token as `Authorization: Bearer`, where SPEC §7 says "bearer token". */
  auth?: boolean;
}

/**
 * The one way the web app calls the API: JSON in and out, every error reply turned into an
 * ApiError carrying the server's message. Replies are typed by the shared schemas, which the
 * server's serializer enforces; the browser does not parse them again (zod stays out of the
 * home page's bundle).
 */
export async function api<T>(
  path: string,
  { method = 'GET', body, file, form, signal, auth = false }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (file) headers['content-type'] = file.type || 'application/octet-stream';
  const token = auth ? getAccessToken() : null;
  // Without a usable token the session cookie alone vouches for the user (DESIGN §5).
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await transport(`/api${path}`, {
      method,
      signal,
      credentials: 'same-origin',
      headers,
      body: form ?? file ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Network error: check your connection and try again');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      stringField(payload, 'message') ?? response.statusText,
      stringField(payload, 'code'),
      payload,
    );
  }
  return payload as T;
}

function stringField(payload: unknown, field: 'message' | 'code'): string | undefined {
  if (typeof payload === 'object' && payload !== null && field in payload) {
    const value: unknown = (payload as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/** Whether `error` is an error reply of the API, with one of `statuses` if any are given. */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}

/**
 * The server's own words for a failure, when they tell the customer something they can act on
 * ("Not enough stock left…", "Your card was declined…", no connection). A 500 says nothing
 * useful, so there is none for it; a 502 or 503 the shop itself wrote (JSON with a message: the
 * payment service or the database is away, try again in a moment) says what to do, where a
 * proxy's page would not.
 */
export function customerMessage(error: unknown): string | undefined {
  if (!isApiError(error) || !error.message) return undefined;
  if (error.status < 500) return error.message;
  return (error.status === 502 || error.status === 503) && stringField(error.payload, 'message') ? error.message : undefined;
}

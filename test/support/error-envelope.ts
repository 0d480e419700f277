/* What every error answer must be: the envelope `{error: {type, code, message, param?}}` (EXTENSIONS.md §4). */

const TYPE_OF_STATUS: Record<number, string> = {
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'conflict_error',
  429: 'rate_limit_error',
};

export interface Answer {
  statusCode: number;
  body: string;
}

/** Undefined when the answer is acceptable (below 500, any 4xx in the envelope); otherwise what is wrong with it. */
export function problemWith(res: Answer): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  const keys = error && typeof error === 'object' ? Object.keys(error) : [];
  const wellFormed =
    Object.keys(body as object).join() === 'error' &&
    ['type', 'code', 'message'].every((key) => typeof error?.[key] === 'string') &&
    (error?.param === undefined || typeof error.param === 'string') &&
    keys.every((key) => ['type', 'code', 'message', 'param'].includes(key)) &&
    error?.type === (TYPE_OF_STATUS[res.statusCode] ?? 'invalid_request_error');
  return wellFormed
    ? undefined
    : `answered ${res.statusCode} outside the envelope: ${res.body.slice(0, 300)}`;
}

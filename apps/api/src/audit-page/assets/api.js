// Calls to this service's API with the key the person entered, kept in this tab's session storage.
const KEY = 'audit.api-key';

export const apiKey = {
  get: () => sessionStorage.getItem(KEY),
  set: (key) => sessionStorage.setItem(KEY, key),
  forget: () => sessionStorage.removeItem(KEY),
};

/** The JSON answer of GET /api/v3/{path}; an Error with the API's own message otherwise. */
export async function get(path, query = {}) {
  const key = apiKey.get();
  if (!key) throw new Error('Enter an API key first.');
  const search = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== undefined));
  const url = `/api/v3/${path}${search.size ? `?${search}` : ''}`;
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = body.error ?? {};
    throw new Error(`${response.status} ${error.code ?? response.statusText}: ${error.message ?? url}`);
  }
  return body;
}

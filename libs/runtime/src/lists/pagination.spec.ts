import { ApiError } from '../errors/api-error';
import { listEnvelope, parsePageRequest, pathOf } from './pagination';

function rejection(query: Record<string, unknown>): ApiError {
  try {
    parsePageRequest(query);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('parsePageRequest', () => {
  it('gives page 1, limit 20 and totals when nothing is asked', () => {
    expect(parsePageRequest({})).toEqual({ page: 1, limit: 20, includeTotal: true, offset: 0, fetch: 21 });
  });

  it('turns a page below 1 into page 1', () => {
    expect(parsePageRequest({ page: '0' }).page).toBe(1);
    expect(parsePageRequest({ page: '-4' }).page).toBe(1);
  });

  it('caps the limit at 100 and skips whole pages', () => {
    expect(parsePageRequest({ page: '3', limit: '250' })).toMatchObject({
      limit: 100,
      offset: 200,
      fetch: 101,
    });
    expect(parsePageRequest({ limit: '99999999999999999999999' }).limit).toBe(100);
  });

  it.each(['0', '-1'])('rejects limit=%s: the range starts at 1', (limit) => {
    expect(rejection({ limit })).toMatchObject({
      status: 422,
      code: 'invalid_query_parameter',
      param: 'limit',
    });
  });

  it.each([
    ['page', 'two'],
    ['page', '1.5'],
    ['page', ''],
    ['limit', '10abc'],
    ['limit', ' 5'],
  ])('rejects %s=%j as not an integer', (param, value) => {
    expect(rejection({ [param]: value })).toMatchObject({
      status: 422,
      code: 'invalid_query_parameter',
      param,
    });
  });

  it('rejects a parameter given twice', () => {
    expect(rejection({ page: ['1', '2'] })).toMatchObject({ code: 'invalid_query_parameter', param: 'page' });
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads include_total=%s as %s', (value, expected) => {
    expect(parsePageRequest({ include_total: value }).includeTotal).toBe(expected);
  });

  it.each(['yes', 'TRUE', '', '2'])('rejects include_total=%j', (value) => {
    expect(rejection({ include_total: value })).toMatchObject({
      status: 422,
      type: 'invalid_request_error',
      code: 'invalid_query_parameter',
      param: 'include_total',
    });
  });
});

describe('listEnvelope', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

  it('tells has_more from the extra row and does not return it', () => {
    const list = listEnvelope({ url: '/api/v3/customers', page: 1, limit: 2, rows: rows(3), total: 5 });
    expect(list).toEqual({
      object: 'list',
      url: '/api/v3/customers',
      has_more: true,
      data: [{ id: 1 }, { id: 2 }],
      pagination: { page: 1, per_page: 2, total_pages: 3, total_records: 5 },
    });
  });

  it('has no more on the last page', () => {
    const list = listEnvelope({ url: '/x', page: 3, limit: 2, rows: rows(1), total: 5 });
    expect(list.has_more).toBe(false);
    expect(list.data).toHaveLength(1);
  });

  it('omits the totals when no count was made', () => {
    const list = listEnvelope({ url: '/x', page: 1, limit: 2, rows: rows(3) });
    expect(list.pagination).toEqual({ page: 1, per_page: 2 });
    expect(list.has_more).toBe(true);
  });

  it('counts zero pages for an empty collection', () => {
    const list = listEnvelope({ url: '/x', page: 1, limit: 20, rows: [], total: 0 });
    expect(list).toMatchObject({
      has_more: false,
      data: [],
      pagination: { total_pages: 0, total_records: 0 },
    });
  });
});

describe('pathOf', () => {
  it('drops the query string', () => {
    expect(pathOf('/api/v3/customers?page=2&limit=5')).toBe('/api/v3/customers');
    expect(pathOf('/api/v3/customers')).toBe('/api/v3/customers');
  });
});

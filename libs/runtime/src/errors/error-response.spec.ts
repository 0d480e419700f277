import { BadRequestException, NotFoundException } from '@nestjs/common';
import {
  AppendTooLargeError,
  StoreUnavailableError,
  StreamDeletedError,
  WrongExpectedVersionError,
} from '@app/event-store';
import { ApiError } from './api-error';
import { toErrorResponse } from './error-response';

describe('toErrorResponse', () => {
  it('answers an ApiError as it says, with its headers', () => {
    const error = new ApiError(401, 'authentication_required', 'Invalid API key.', {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
    expect(toErrorResponse(error)).toEqual({
      status: 401,
      body: {
        error: { type: 'authentication_error', code: 'authentication_required', message: 'Invalid API key.' },
      },
      headers: { 'WWW-Authenticate': 'Bearer' },
      unexpected: false,
    });
  });

  it('answers any object shaped like a domain error, deriving a missing type from the status', () => {
    const domain = {
      status: 422,
      code: 'invalid_sales_order_invoice',
      message: 'Too many.',
      param: 'lines.2.quantity',
    };
    expect(toErrorResponse(domain).body.error).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_sales_order_invoice',
      message: 'Too many.',
      param: 'lines.2.quantity',
    });
  });

  it('answers a store away, or a lost race, with 503 service_unavailable and Retry-After, not a 500', () => {
    const away = new StoreUnavailableError('The database is unavailable: connect ECONNREFUSED');
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    for (const error of [away, deadlock]) {
      expect(toErrorResponse(error)).toEqual({
        status: 503,
        body: { error: { type: 'api_error', code: 'service_unavailable', message: expect.any(String) } },
        headers: { 'Retry-After': '2' },
        unexpected: false,
      });
      expect(toErrorResponse(error).body.error.message).not.toContain('ECONNREFUSED');
    }
  });

  it('tells an unknown route from a missing record', () => {
    const error = new NotFoundException('Cannot GET /x');
    expect(toErrorResponse(error, { is404: true }).body.error.code).toBe('route_missing');
    expect(toErrorResponse(error, { is404: false }).body.error.code).toBe('resource_missing');
  });

  it('keeps an envelope already inside an HttpException', () => {
    const inner = {
      type: 'invalid_request_error',
      code: 'estimate_revision_required',
      message: 'Send If-Match.',
    };
    expect(toErrorResponse(new BadRequestException({ error: inner })).body.error).toEqual(inner);
  });

  it('answers a stale expected revision as 409 mobile_mutation_conflict', () => {
    const res = toErrorResponse(new WrongExpectedVersionError('customer-1', 2, 3));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('mobile_mutation_conflict');
  });

  it.each([
    new Error('db password=hunter2'),
    new TypeError('x is undefined'),
    'a string',
    null,
    { status: 'bad' },
  ])('answers anything else (%p) with a 500 that says nothing of it', (thrown) => {
    const res = toErrorResponse(thrown);
    expect(res).toMatchObject({ status: 500, unexpected: true });
    expect(res.body.error).toMatchObject({ type: 'api_error', code: 'internal_error' });
    expect(JSON.stringify(res.body)).not.toMatch(/hunter2|undefined/);
  });
});

describe('toErrorResponse: the event store refusals a client can act on', () => {
  it('answers an append larger than the store takes with 413 record_change_too_large, naming the limit', () => {
    const res = toErrorResponse(new AppendTooLargeError('estimate-1', 1_048_576));

    expect(res).toMatchObject({ status: 413, unexpected: false });
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'record_change_too_large' });
    expect(res.body.error.message).toMatch(/1048576 bytes/);
    expect(JSON.stringify(res.body)).not.toMatch(/estimate-1/);
  });

  it('answers a stream deleted or tombstoned in the store with 410 record_history_deleted', () => {
    const res = toErrorResponse(new StreamDeletedError('estimate-2'));

    expect(res).toMatchObject({ status: 410, unexpected: false });
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'record_history_deleted' });
    expect(JSON.stringify(res.body)).not.toMatch(/estimate-2/);
  });
});

import { conflict, invalid, isDomainError, notFound, permissionDenied, validation } from './domain-error';

describe('domain errors', () => {
  it('render the specification envelope, with param only when there is one', () => {
    expect(invalid('lines.0.quantity', 'quantity must be positive.').toEnvelope()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'validation_failed',
        message: 'quantity must be positive.',
        param: 'lines.0.quantity',
      },
    });
    expect(notFound().toEnvelope()).toEqual({
      error: { type: 'not_found_error', code: 'resource_missing', message: 'No such record.' },
    });
  });

  it('carry the HTTP status of their kind', () => {
    expect(notFound().status).toBe(404);
    expect(validation('unsupported_field', 'x', 'm').status).toBe(422);
    expect(conflict('customer_delete_not_allowed', 'm')).toMatchObject({
      status: 409,
      type: 'conflict_error',
    });
    expect(permissionDenied()).toMatchObject({
      status: 403,
      type: 'permission_error',
      code: 'permission_denied',
    });
  });

  it('are told apart from events', () => {
    expect(isDomainError(notFound())).toBe(true);
    expect(isDomainError([])).toBe(false);
  });
});

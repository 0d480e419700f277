import { StoreUnavailableError } from '@app/event-store';
import { DatabaseError } from 'pg';
import { isConnectionFault, isTransientFault, restateConnectionFault } from './connection-faults';

/** An error as node-postgres makes it from the server's answer. */
function serverError(code: string, message = 'from the server'): DatabaseError {
  return Object.assign(new DatabaseError(message, 0, 'error'), { code });
}

describe('connection faults', () => {
  it.each([
    [
      'a session terminated (57P01)',
      serverError('57P01', 'terminating connection due to administrator command'),
    ],
    ['a crash shutdown (57P02)', serverError('57P02')],
    ['a server starting up (57P03)', serverError('57P03', 'the database system is starting up')],
    ['a statement cut by statement_timeout (57014)', serverError('57014')],
    ['a connection exception (class 08)', serverError('08006')],
    ['too many connections (class 53)', serverError('53300')],
    [
      'a refused connection',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    [
      'a client after its connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    [
      'every address of a host refused',
      new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], 'all failed'),
    ],
    ['the port’s own word', new StoreUnavailableError('away')],
  ])('%s is a connection fault, restated as StoreUnavailableError', (_what, error) => {
    expect(isConnectionFault(error)).toBe(true);
    expect(isTransientFault(error)).toBe(true);
    const restated = restateConnectionFault(error);
    expect(restated).toBeInstanceOf(StoreUnavailableError);
    if (!(error instanceof StoreUnavailableError))
      expect((restated as StoreUnavailableError).cause).toBe(error);
  });

  it.each([
    ['a serialization failure', serverError('40001')],
    ['a deadlock', serverError('40P01')],
  ])('%s is transient (retried) but no connection fault (the caller may retry it itself)', (_what, error) => {
    expect(isTransientFault(error)).toBe(true);
    expect(isConnectionFault(error)).toBe(false);
    expect(restateConnectionFault(error)).toBe(error);
  });

  it.each([
    ['a unique violation', serverError('23505')],
    ['a projector’s own error', new Error('fails on event widget-1@3')],
    ['a checkpoint moved', serverError('RM001')],
    ['nothing at all', undefined],
  ])('%s is deterministic', (_what, error) => {
    expect(isTransientFault(error)).toBe(false);
    expect(restateConnectionFault(error)).toBe(error);
  });
});

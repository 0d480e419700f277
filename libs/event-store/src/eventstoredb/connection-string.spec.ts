import { EventStoreDBClient } from '@eventstore/db-client';
import { toClientConnectionString } from './connection-string';

describe('EventStoreDB connection strings', () => {
  it.each([
    ['esdb://localhost:2113?tls=false', 'esdb://localhost:2113?tls=false'],
    ['kurrentdb://localhost:2113?tls=false', 'esdb://localhost:2113?tls=false'],
    [
      'kurrentdb+discover://admin:changeit@cluster.local:2113',
      'esdb+discover://admin:changeit@cluster.local:2113',
    ],
    ['kdb://localhost:2113?tls=false', 'esdb://localhost:2113?tls=false'],
    ['KurrentDB://localhost:2113', 'esdb://localhost:2113'],
  ])('given %s, when translated, then the client gets %s', (given, expected) => {
    expect(toClientConnectionString(given)).toBe(expected);
  });

  it('given a kurrentdb:// string, when the real client parses the translation, then it accepts it', async () => {
    const client = EventStoreDBClient.connectionString(
      toClientConnectionString('kurrentdb://localhost:2113?tls=false'),
    );

    expect(client).toBeInstanceOf(EventStoreDBClient);
    await client.dispose();
  });

  it('given another scheme, when translated, then it is refused with the schemes it accepts', () => {
    expect(() => toClientConnectionString('postgres://localhost/db')).toThrow(/esdb:\/\/ or kurrentdb:\/\//);
  });
});

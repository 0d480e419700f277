import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { checkConnectionOptions, toClientConnectionString } from './connection-string';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

describe('EventStoreDB connection strings', () => {
  it.each([
    ['esdb://localhost:2113?tls=false', 'kurrentdb://localhost:2113?tls=false'],
    ['kurrentdb://localhost:2113?tls=false', 'kurrentdb://localhost:2113?tls=false'],
    [
      'esdb+discover://admin:changeit@cluster.local:2113',
      'kurrentdb+discover://admin:changeit@cluster.local:2113',
    ],
    ['kdb://localhost:2113?tls=false', 'kurrentdb://localhost:2113?tls=false'],
    ['KurrentDB://localhost:2113', 'kurrentdb://localhost:2113'],
  ])('given %s, when translated, then the client gets %s', (given, expected) => {
    expect(toClientConnectionString(given)).toBe(expected);
  });

  it('given an esdb:// string, when the real client parses the translation, then it accepts it', async () => {
    const client = KurrentDBClient.connectionString(
      toClientConnectionString('esdb://localhost:2113?tls=false'),
    );

    expect(client).toBeInstanceOf(KurrentDBClient);
    await client.dispose();
  });

  it('given another scheme, when translated, then it is refused with the schemes it accepts', () => {
    expect(() => toClientConnectionString('postgres://localhost/db')).toThrow(/esdb:\/\/ or kurrentdb:\/\//);
  });
});

describe('EventStoreDB connection options that weaken the guarantees', () => {
  it.each([
    ['esdb://localhost:2113?tls=false&throwOnAppendFailure=false', /throwOnAppendFailure=false/],
    ['esdb://localhost:2113?throw_on_append_failure=FALSE', /throwOnAppendFailure=false/],
    [
      'esdb://localhost:2113?tlsVerifyCert=false',
      /tlsVerifyCert=false turns certificate verification off.*tlsCAFile/,
    ],
    ['esdb+discover://cluster:2113?nodePreference=follower', /nodePreference=follower.*may lag the leader/],
    ['esdb+discover://cluster:2113?node-preference=random', /nodePreference=random/],
  ])('given %s, then it is refused naming the option', (connectionString, message) => {
    expect(() => checkConnectionOptions(connectionString)).toThrow(message);
  });

  it.each([
    'esdb://localhost:2113',
    'esdb://localhost:2113?tls=false',
    'esdb://localhost:2113?throwOnAppendFailure=true&tlsVerifyCert=true&nodePreference=leader',
    'esdb://admin:changeit@localhost:2113?tlsCAFile=%2Fcerts%2Fca.crt&defaultDeadline=5000',
  ])('given %s, then it is accepted', (connectionString) => {
    expect(() => checkConnectionOptions(connectionString)).not.toThrow();
  });

  it('given a kurrentdb:// string with throwOnAppendFailure=false, when connecting, then it is refused before any call', async () => {
    await expect(
      EventStoreDbEventStore.connect('kurrentdb://127.0.0.1:1?tls=false&throwOnAppendFailure=false'),
    ).rejects.toThrow(/connection string refused: throwOnAppendFailure=false/);
  });
});

import { RecordedEvent as ClientRecordedEvent, START } from '@kurrent/kurrentdb-client';
import { convertGrpcRecord } from '@kurrent/kurrentdb-client/dist/utils';
import { StreamIdentifier, UUID } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
import { ReadResp } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import {
  fromClientEvent,
  isUserEvent,
  NotJsonObjectError,
  toClientEvent,
  toReadPosition,
} from './event-conversion';

/** Ticks (100 ns) since the Unix epoch, as the server sends `created`. */
const ticks = (date: Date) => String(BigInt(date.getTime()) * 10_000n);

/**
 * A record as the server sends it, turned into a RecordedEvent by the client's own converter,
 * so these tests see exactly what the adapter receives from a real read.
 */
function received(record: {
  id: string;
  streamId: string;
  revision: number;
  type: string;
  contentType?: string;
  data: string;
  metadata?: string;
  position?: [string, string];
  created: Date;
}): ClientRecordedEvent {
  const grpc = new ReadResp.ReadEvent.RecordedEvent()
    .setId(new UUID().setString(record.id))
    .setStreamIdentifier(new StreamIdentifier().setStreamName(Buffer.from(record.streamId)))
    .setStreamRevision(String(record.revision))
    .setData(Buffer.from(record.data))
    .setCustomMetadata(Buffer.from(record.metadata ?? ''));
  // An absent position is -1 on the server, read back as unsigned.
  const [commit, prepare] = record.position ?? ['18446744073709551615', '18446744073709551615'];
  grpc.setCommitPosition(commit).setPreparePosition(prepare);
  grpc
    .getMetadataMap()
    .set('type', record.type)
    .set('content-type', record.contentType ?? 'application/json')
    .set('created', ticks(record.created));
  return convertGrpcRecord(grpc) as ClientRecordedEvent;
}

describe('EventStoreDB event conversion', () => {
  const created = new Date('2024-05-01T10:20:30.456Z');

  /** Event `n` of stream `s` (type A, revision 0, at log position 1) as read, with what a case is about. */
  const plainEvent = (n: number, over: { data: string; contentType?: string; position?: [string, string] }) =>
    received({
      id: `c7d1e2f3-0000-4000-8000-00000000000${n}`,
      streamId: 's',
      revision: 0,
      type: 'A',
      position: ['1', '1'],
      created,
      ...over,
    });

  it('given an event to append, when converted, then data and metadata travel as JSON under its own id', () => {
    const event = {
      id: '3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60',
      type: 'InvoiceCreated',
      data: { total: '12.30' },
      metadata: { user_id: 'u-1' },
    };

    expect(toClientEvent(event)).toEqual({
      id: event.id,
      contentType: 'application/json',
      type: 'InvoiceCreated',
      data: { total: '12.30' },
      metadata: { user_id: 'u-1' },
    });
  });

  it('given an event without metadata, when converted, then `{}` is written so reads always find JSON', () => {
    expect(
      toClientEvent({ id: 'c7d1e2f3-0000-4000-8000-000000000001', type: 'A', data: {} }).metadata,
    ).toEqual({});
  });

  it('given a JSON event read back, then id, stream, revision, type, data, metadata, position and created come through', () => {
    const client = received({
      id: '3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60',
      streamId: 'invoice-1',
      revision: 4,
      type: 'InvoiceCreated',
      data: JSON.stringify({ total: '12.30', lines: [{ n: 1 }] }),
      metadata: JSON.stringify({ account_id: 'a-1', correlation_id: 'c-1' }),
      position: ['1234', '1234'],
      created,
    });

    expect(fromClientEvent(client)).toEqual({
      id: '3f0c1b8e-8f5a-4d6b-9a51-1d2c3b4a5f60',
      streamId: 'invoice-1',
      revision: 4,
      type: 'InvoiceCreated',
      data: { total: '12.30', lines: [{ n: 1 }] },
      metadata: { account_id: 'a-1', correlation_id: 'c-1' },
      position: { commit: 1234n, prepare: 1234n },
      recordedAt: created,
    });
  });

  it('given an event with empty metadata, when read, then metadata is {}', () => {
    const client = plainEvent(2, { data: '{}' });

    expect(fromClientEvent(client).metadata).toEqual({});
  });

  it('given a binary event holding JSON, when read, then its bytes are parsed', () => {
    const client = plainEvent(3, { contentType: 'application/octet-stream', data: '{"a":1}' });

    expect(fromClientEvent(client).data).toEqual({ a: 1 });
  });

  it('given data that is not a JSON object, when read, then it fails naming the event', () => {
    const client = plainEvent(4, { data: '[1,2]' });

    expect(() => fromClientEvent(client)).toThrow(/data of event c7d1e2f3-0000-4000-8000-000000000004/);
  });

  it('given a binary event whose bytes are not JSON, when read, then it fails as not a JSON object, naming the event', () => {
    const client = plainEvent(6, { contentType: 'application/octet-stream', data: '\u0000\u00ffnot json' });

    expect(() => fromClientEvent(client)).toThrow(NotJsonObjectError);
    expect(() => fromClientEvent(client)).toThrow(
      /data of event c7d1e2f3-0000-4000-8000-000000000006 is binary/,
    );
  });

  it('given a server that sends no position with stream reads, when read, then it fails saying why', () => {
    const client = plainEvent(5, { data: '{}', position: undefined });

    expect(() => fromClientEvent(client)).toThrow(/log position/);
  });

  it.each([
    ['InvoiceCreated', true],
    ['$>', false],
    ['$metadata', false],
    ['$statistics-collected', false],
  ])('given an event of type %s, when filtered like the server filter, then kept: %p', (type, kept) => {
    expect(isUserEvent({ type })).toBe(kept);
  });

  it('given a read from the start or after a position, then the client gets START or that position', () => {
    expect(toReadPosition('start')).toBe(START);
    expect(toReadPosition({ commit: 10n, prepare: 9n })).toEqual({ commit: 10n, prepare: 9n });
  });
});

import { randomUUID } from 'node:crypto';
import { Position } from '@app/event-store';
import { AggregateRepository } from '@app/event-store/aggregate';
import {
  analyticsViews,
  leasesFor,
  operatorRecordsProjector,
  ProjectionFailedError,
  ProjectionRunner,
  WaitForTimeoutError,
} from '@app/read-models';
import { RecordWriter } from '@app/runtime';
import { OperatorActions } from '@app/runtime';
import { CliContext } from '../cli-context';

/** A catch-up on a long log that the API has not projected for a while may take this long. */
const CATCH_UP_TIMEOUT_MS = 60_000;

/** The operator API's actions on the CLI's stores, and the operator read model they rely on. */
export interface OperatorSession {
  actions: OperatorActions;
  /** Brings the operator read model (api_keys, users, accounts) up to the log's head. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The same OperatorActions the operator API calls, so both keep one set of rules. Like the API, a
 * write returns once the operator read model shows it (a new key then authenticates at once):
 * this process projects it when no other does; when a running API leads the projector (PostgreSQL
 * advisory lock), it waits on that API's checkpoint instead. Either way the checkpoint, moved only
 * together with each batch's rows, keeps two writers from applying an event twice.
 */
export function openOperatorSession(context: CliContext, warn: (line: string) => void): OperatorSession {
  const runner = new ProjectionRunner({
    db: context.database.db,
    store: context.store,
    projectors: [operatorRecordsProjector],
    leases: leasesFor(context.database),
    views: analyticsViews,
    logger: { info: () => undefined, error: (line, error) => warn(`${line}: ${messageOf(error)}`) },
  });
  let started: Promise<void> | undefined;
  const reach = async (position: Position) => {
    await (started ??= runner.start());
    await runner.waitFor(position, { timeoutMs: CATCH_UP_TIMEOUT_MS });
  };
  const writer = new RecordWriter(new AggregateRepository(context.store), async (position) => {
    if (!position) return;
    try {
      await reach(position);
    } catch (error) {
      // The write is done: say so rather than fail and invite a second one.
      if (!(error instanceof WaitForTimeoutError || error instanceof ProjectionFailedError)) throw error;
      warn(`Written, but the operator read model does not show it yet: ${error.message}`);
    }
  });
  const run = randomUUID(); // one correlation id for the events of one command
  const metadata = { actor: 'operator', via: 'cli', request_id: run, causation_id: run, correlation_id: run };
  return {
    actions: new OperatorActions(writer, context.database.db, metadata),
    async catchUp() {
      const head = await context.store.headPosition();
      if (head) await reach(head);
    },
    async close() {
      if (started) await runner.stop();
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

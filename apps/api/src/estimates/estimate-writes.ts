import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  decideEstimate,
  estimateAggregate,
  EstimateCommand,
  EstimateContext,
  EstimateEvent,
  EstimateInput,
  EstimateRecord,
  EstimateState,
  EstimateWarning,
  estimateWarnings,
  isDomainError,
  numberedEstimate,
  isRecordId,
  LiveSkus,
} from '@app/domain';
import { WrongExpectedVersionError } from '@app/event-store';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { ApiError, resourceMissing } from '@app/runtime';
import { DocumentLineSkus } from '../documents/document-line-skus';
import { DocumentNumbers } from '../documents/document-numbers';
import { DocumentWritten, WriteMoment, writeDocument, writeNewDocument } from '../documents/document-writes';
import { EstimateContexts } from './estimate-context';
import { EstimateExpiries } from './estimate-expiries';

/** The estimate after a write (null once deleted), the revision of its stream's last event, and what it appended. */
export type EstimateWritten = DocumentWritten<EstimateRecord, EstimateEvent>;

/** What a preview would record, never appended: the estimate as it would be and its new line ids. */
export interface EstimatePreviewed {
  record: EstimateRecord;
  revision: number;
  newLineIds: ReadonlySet<string>;
  warnings: EstimateWarning[];
  /** The lines' items' current SKUs (kept lines show them, as the detail does). */
  skus: LiveSkus;
}

/**
 * Estimate commands through the estimate's stream. A creation draws the account's next estimate
 * number only once the estimate is accepted and the record limit has room, so a refused request
 * consumes no number; a preview decides the same way and appends nothing, numbering nothing.
 */
@Injectable()
export class EstimateWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: EstimateContexts,
    private readonly numbers: DocumentNumbers,
    private readonly expiries: EstimateExpiries,
    private readonly skus: DocumentLineSkus,
  ) {}

  create(actor: Actor, input: EstimateInput): Promise<EstimateWritten> {
    const decide = async (current: EstimateState, { id, now }: WriteMoment) =>
      decideEstimate(
        { type: 'CreateEstimate', id, estimate_number: 0, input },
        current,
        await this.contexts.of(actor, current, input, now),
      );
    const numbering = { sequence: 'estimate', numbered: numberedEstimate };
    return writeNewDocument(
      this.writer,
      estimateAggregate,
      actor,
      this.numbers.numberedCreation(actor, numbering, decide),
    );
  }

  /** Update, decline or delete; an estimate past its expiry date is recorded expired first, then refused. */
  async change(
    actor: Actor,
    id: string,
    command: EstimateCommand,
    ifMatch?: number,
  ): Promise<EstimateWritten> {
    const input = command.type === 'UpdateEstimate' ? command.input : {};
    const decide = async (current: EstimateState, { now }: WriteMoment) =>
      decideEstimate(command, current, await this.contexts.of(actor, current, input, now));
    const held = await this.expiries.expireIfDue(actor, id, ifMatch);
    return writeDocument(this.writer, estimateAggregate, actor, { id, ifMatch: held }, decide);
  }

  /** A new estimate as creating it would make it, with no number drawn. */
  async previewNew(actor: Actor, input: EstimateInput): Promise<EstimatePreviewed> {
    const id = randomUUID();
    const now = new Date().toISOString();
    const initial = estimateAggregate.initialState;
    const context = await this.contexts.of(actor, initial, input, now);
    const events = decideEstimate(
      { type: 'CreateEstimate', id, estimate_number: 0, input },
      initial,
      context,
    );
    if (isDomainError(events)) throw events;
    return this.withSkus(actor, previewed(initial, events, 0, context));
  }

  /** The estimate as this PATCH would make it; `ifMatch` is required and must be current. */
  async previewChange(
    actor: Actor,
    id: string,
    input: EstimateInput,
    ifMatch: number | undefined,
  ): Promise<EstimatePreviewed> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.read(estimateAggregate, id);
    const context = await this.contexts.of(actor, state, input, new Date().toISOString());
    // Visibility first: an estimate the caller cannot see is 404 whatever the header says.
    const events = decideEstimate({ type: 'UpdateEstimate', input }, state, context);
    if (isDomainError(events) && events.status === 404) throw events;
    if (ifMatch === undefined)
      throw new ApiError(
        428,
        'estimate_revision_required',
        'Previewing changes needs If-Match with the estimate’s revision.',
      );
    if (ifMatch !== revision) throw new WrongExpectedVersionError(`estimate-${id}`, ifMatch, revision);
    if (isDomainError(events)) throw events;
    return this.withSkus(actor, previewed(state, events, revision, context));
  }

  private async withSkus(actor: Actor, preview: Omit<EstimatePreviewed, 'skus'>): Promise<EstimatePreviewed> {
    return { ...preview, skus: await this.skus.of(actor.accountId, preview.record.lines) };
  }

  async read(id: string): Promise<{ state: EstimateState; revision: number }> {
    return this.writer.read(estimateAggregate, id);
  }
}

/** The state the events would lead to, and which line ids they would create. */
function previewed(
  state: EstimateState,
  events: EstimateEvent[],
  revision: number,
  context: EstimateContext,
): Omit<EstimatePreviewed, 'skus'> {
  const before = new Set(state.status === 'absent' ? [] : state.record.lines.map((line) => line.id));
  const after = events.reduce(
    (s, event) => estimateAggregate.evolve(s, event as Parameters<typeof estimateAggregate.evolve>[1]),
    state,
  );
  if (after.status !== 'live') throw resourceMissing();
  const newLineIds = new Set(
    after.record.lines.map((line) => line.id as string).filter((lineId) => !before.has(lineId)),
  );
  const warnings = estimateWarnings(after.record, { today: context.today, showCost: context.mayViewCosts });
  return { record: after.record, revision, newLineIds, warnings };
}

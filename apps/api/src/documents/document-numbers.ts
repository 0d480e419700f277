import { Injectable } from '@nestjs/common';
import { isDomainError } from '@app/domain';
import { NumberedCreate } from '@app/runtime';
import { Actor } from '../auth/actor';
import { Numbering } from '../records/numbering';
import { RecordLimit } from '../records/record-limit';
import { Decide, NumberedDecide, WriteMoment } from './document-writes';

/** A type's numbers: the sequence they are drawn from, and how one is written into the creation's events. */
export interface DocumentNumbering<E> {
  sequence: string;
  numbered: (events: E[], number: number) => E[];
}

/** Packing-list numbers: one per-account counter, shared by invoices' and sales orders' packing lists. */
export const PACKING_LIST_SEQUENCE = 'packing_list';

/**
 * The last steps of a document's creation, once its decision accepted it: the account must have
 * room for one more record, then the document's number is drawn and written into the creation
 * event, which is appended in the same atomic append as the counter's record of the number (so a
 * refused or failed request consumes none).
 */
@Injectable()
export class DocumentNumbers {
  constructor(
    private readonly numbering: Numbering,
    private readonly recordLimit: RecordLimit,
  ) {}

  /**
   * A new document's `decide`, which also checks the record limit once it accepted the creation,
   * and the draw that numbers its events and appends them with the counter's.
   */
  numberedCreation<S, E>(
    actor: Actor,
    numbering: DocumentNumbering<E>,
    decide: Decide<S, E>,
  ): NumberedDecide<S, E> {
    let decidedAt: WriteMoment | undefined;
    const numbered: NumberedCreate<E> = {
      numbered: numbering.numbered,
      draw: (appends) => {
        const { id: recordId, metadata, now } = decidedAt!;
        const request = { accountId: actor.accountId, sequence: numbering.sequence, recordId, metadata, now };
        return this.numbering.append(request, appends);
      },
    };
    return {
      decide: async (current, moment, revision) => {
        decidedAt = moment;
        const decision = await decide(current, moment, revision);
        if (isDomainError(decision)) return decision;
        await this.recordLimit.assertRoomFor(actor);
        return decision;
      },
      numbered,
    };
  }
}

import { Injectable } from '@nestjs/common';
import { isDomainError } from '@app/domain';
import { EventMetadata } from '@app/event-store';
import { Actor } from '../auth/actor';
import { Numbering } from '../records/numbering';
import { RecordLimit } from '../records/record-limit';
import { Decide } from './document-writes';

/** Whose number is drawn, and when. */
export interface NumberDraw {
  sequence: string;
  recordId: string;
  metadata: EventMetadata;
  now: string;
}

/** A type's numbers: the sequence they are drawn from, and how one is written into the creation's events. */
export interface DocumentNumbering<E> {
  sequence: string;
  numbered: (events: E[], number: number) => E[];
}

/** Packing-list numbers: one per-account counter, shared by invoices' and sales orders' packing lists. */
export const PACKING_LIST_SEQUENCE = 'packing_list';

/**
 * The last step of a document's creation, once its decision accepted it: the account must have
 * room for one more record, then the document's number is drawn (so a refused request consumes
 * none) and written into the creation event.
 */
@Injectable()
export class DocumentNumbers {
  constructor(
    private readonly numbering: Numbering,
    private readonly recordLimit: RecordLimit,
  ) {}

  /** A new document's `decide`, its events numbered once it accepted the creation. */
  numberedCreation<S, E>(actor: Actor, numbering: DocumentNumbering<E>, decide: Decide<S, E>): Decide<S, E> {
    return async (current, moment, revision) => {
      const decision = await decide(current, moment, revision);
      if (isDomainError(decision)) return decision;
      const { id: recordId, metadata, now } = moment;
      const number = await this.draw(actor, { sequence: numbering.sequence, recordId, metadata, now });
      return numbering.numbered(decision, number);
    };
  }

  /** The record's number, once the account has room for it. */
  async draw(actor: Actor, draw: NumberDraw): Promise<number> {
    await this.recordLimit.assertRoomFor(actor);
    return this.numbering.next({ accountId: actor.accountId, ...draw });
  }
}

import { Injectable } from '@nestjs/common';
import { EventMetadata } from '@app/event-store';
import { Actor } from '../auth/actor';
import { Numbering } from '../records/numbering';
import { RecordLimit } from '../records/record-limit';

/** Whose number is drawn, and when. */
export interface NumberDraw {
  sequence: string;
  recordId: string;
  metadata: EventMetadata;
  now: string;
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

  async number<E>(
    actor: Actor,
    draw: NumberDraw,
    events: E[],
    numbered: (events: E[], number: number) => E[],
  ): Promise<E[]> {
    return numbered(events, await this.draw(actor, draw));
  }

  /** The record's number, once the account has room for it. */
  async draw(actor: Actor, draw: NumberDraw): Promise<number> {
    await this.recordLimit.assertRoomFor(actor);
    return this.numbering.next({ accountId: actor.accountId, ...draw });
  }
}

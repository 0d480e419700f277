import { Injectable } from '@nestjs/common';
import {
  AccountRecordRef,
  contactAggregate,
  ContactCommand,
  ContactState,
  decideContact,
  idsToLookUp,
} from '@app/domain';
import { RecordWriter } from '@app/runtime';
import { RecordChange, writeRecordChange } from '../records/record-change';
import { AccountRecords } from './account-records';
import { ContactJson, contactJson, contactSight } from './contact-sight';

/** One command on one contact, as the controller sends it. */
export type ContactChange = RecordChange<ContactCommand>;

export type DeletedContactJson = { id: string; object: 'contact'; deleted: true };

/** The body to answer and the revision for its ETag. */
export interface ContactAnswer {
  body: ContactJson | DeletedContactJson;
  revision: number;
}

/**
 * A contact command through its stream. Before each decision (a retry after a concurrent write
 * decides again) the records the contact links to and the ids the command names are looked up, so
 * the domain judges visibility and links against the records as they are now.
 */
@Injectable()
export class ContactWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly accountRecords: AccountRecords,
  ) {}

  async write(change: ContactChange): Promise<ContactAnswer> {
    const { actor, id, command } = change;
    const given = command.type === 'DeleteContact' ? undefined : command.input.account_record_ids;
    let found: ReadonlyMap<string, AccountRecordRef> = new Map();
    const { state, revision } = await writeRecordChange(
      this.writer,
      contactAggregate,
      change,
      async (current: ContactState) => {
        const links = current.status === 'absent' ? [] : current.record.account_records;
        found = await this.accountRecords.lookUp(actor.accountId, idsToLookUp(links, given));
        return decideContact(command, current, {
          now: new Date().toISOString(),
          accountId: actor.accountId,
          ...contactSight(actor, found),
        });
      },
    );
    if (state.status !== 'live') return { body: { id, object: 'contact', deleted: true }, revision };
    // The new links are among the old ones and the given ids: all looked up for the decision.
    return { body: contactJson(state.record, contactSight(actor, found), revision), revision };
  }
}

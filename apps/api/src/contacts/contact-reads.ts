import { Inject, Injectable } from '@nestjs/common';
import {
  contactAggregate,
  ContactRecord,
  isDomainError,
  seesAccountRecord,
  visibleContact,
  isRecordId,
} from '@app/domain';
import { Database } from '@app/read-models';
import { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { listPageOf } from '../http/list-page';
import { parseAsOfRevision, RecordHistory, requireAuditScope } from '../history';
import { resourceMissing } from '@app/runtime';
import { setETag } from '../http/etag';
import { ListEnvelope } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { AccountRecords } from './account-records';
import { CONTACT_HISTORY } from './contact-history';
import { ContactListRequest, notAVisibleRecord } from './contact-list-query';
import { ContactJson, contactJson, contactSight } from './contact-sight';
import { refuseUnknownParams } from '@app/runtime';
import { isoTimestamp } from '../http/timestamps';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The record and the revision of its last event (the ETag). */
export interface ContactRead {
  body: ContactJson;
  revision: number;
}

/**
 * Contact reads. A retrieve folds the contact's stream (the source of truth, with its revision); a
 * list reads the `contact_lists` read model. Both show the linked records as `party_lists` has them
 * now, so a renamed, converted or deleted customer shows as it is.
 */
@Injectable()
export class ContactReads {
  constructor(
    private readonly writer: RecordWriter,
    private readonly accountRecords: AccountRecords,
    private readonly history: RecordHistory,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A live contact the caller may see, else 404 whatever the reason; the retrieve takes no parameter. */
  async retrieve(actor: Actor, id: string, query: Record<string, unknown> = {}): Promise<ContactRead> {
    refuseUnknownParams(query);
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.read(contactAggregate, id);
    const links = state.status === 'absent' ? [] : state.record.account_records;
    const sight = contactSight(actor, await this.lookUp(actor, links));
    const contact = visibleContact(state, { accountId: actor.accountId, ...sight });
    if (isDomainError(contact)) throw contact;
    return { body: contactJson(contact, sight, revision), revision };
  }

  /**
   * 404 unless the caller may see the contact as its stream ends, live or deleted (the history of a
   * deleted contact stays readable to whoever could see it): the history's access rule.
   */
  async assertVisible(actor: Actor, id: string): Promise<void> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state } = await this.writer.read(contactAggregate, id);
    if (state.status === 'absent' || state.record.account_id !== actor.accountId) throw resourceMissing();
    const live = { status: 'live' as const, record: state.record };
    const sight = contactSight(actor, await this.lookUp(actor, state.record.account_records));
    if (isDomainError(visibleContact(live, { accountId: actor.accountId, ...sight })))
      throw resourceMissing();
  }

  /** `?as_of_revision=N`: the contact's fields as they were then, its linked records as they are now. */
  async retrieveAsOf(
    actor: Actor,
    id: string,
    query: Record<string, unknown>,
    reply: FastifyReply,
  ): Promise<ContactJson> {
    requireAuditScope(actor);
    const revision = parseAsOfRevision(query);
    await this.assertVisible(actor, id);
    const contact = (await this.history.asOf(CONTACT_HISTORY, id, revision, actor)) as ContactRecord;
    const sight = contactSight(actor, await this.lookUp(actor, contact.account_records));
    setETag(reply, revision);
    return contactJson(contact, sight, revision);
  }

  /** A page of the account's contacts the caller may see, by first name, last name, then id. */
  async list(actor: Actor, request: ContactListRequest, url: string): Promise<ListEnvelope<ContactJson>> {
    const { page } = request;
    const assignedTo = contactSight(actor, new Map()).onlyAssignedTo;
    if (request.accountRecordId !== undefined) await this.assertFilterVisible(actor, request.accountRecordId);
    let rows = this.database.db.selectFrom('contacts as c').where('c.account_id', '=', actor.accountId);
    if (assignedTo !== undefined) rows = rows.where(linkedToRecordAssignedTo(assignedTo));
    if (request.accountRecordId !== undefined) rows = rows.where(linkedTo(request.accountRecordId));
    if (request.q !== undefined) rows = rows.where(matching(request.q));
    return listPageOf(
      { rows, page, url },
      (all) =>
        all
          .selectAll('c')
          .orderBy(sql`lower(c.first_name)`)
          .orderBy(sql`lower(c.last_name)`)
          .orderBy('c.id'),
      (found) => this.render(actor, found),
    );
  }

  /** The filter names a customer, prospect or supplier the caller may see, else 422. */
  private async assertFilterVisible(actor: Actor, recordId: string): Promise<void> {
    const record = (await this.accountRecords.lookUp(actor.accountId, [recordId])).get(recordId);
    if (!record || !seesAccountRecord(record, contactSight(actor, new Map()))) throw notAVisibleRecord();
  }

  /** List rows as contacts: their links in one query, the linked records in another. */
  private async render(actor: Actor, rows: Record<string, any>[]): Promise<ContactJson[]> {
    if (rows.length === 0) return [];
    const links = await this.database.db
      .selectFrom('contact_links')
      .select(['contact_id', 'account_record_id as id', 'record_type'])
      .where(
        'contact_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('contact_id')
      .orderBy('position')
      .execute();
    const sight = contactSight(actor, await this.lookUp(actor, links));
    return rows.map((row) => {
      const { revision, ...fields } = row;
      const contact = {
        ...fields,
        account_records: links
          .filter((link) => link.contact_id === row.id)
          .map(({ id, record_type }) => ({ id, record_type })),
        created_at: isoTimestamp(row.created_at),
        updated_at: isoTimestamp(row.updated_at),
      } as ContactRecord;
      return contactJson(contact, sight, revision as number);
    });
  }

  private lookUp(actor: Actor, links: readonly { id: string }[]) {
    return this.accountRecords.lookUp(
      actor.accountId,
      links.map((link) => link.id),
    );
  }
}

/** Linked to a record assigned to the user (the visibility rule of a user without view-all). */
function linkedToRecordAssignedTo(userId: string) {
  return sql<boolean>`exists (select 1 from contact_links l
    left join customers cu on l.record_type = 'customer' and cu.id = l.account_record_id
    left join suppliers su on l.record_type = 'supplier' and su.id = l.account_record_id
    where l.contact_id = c.id and coalesce(cu.assigned_user_id, su.assigned_user_id) = ${userId})`;
}

function linkedTo(recordId: string) {
  return sql<boolean>`exists (select 1 from contact_links l
    where l.contact_id = c.id and l.account_record_id = ${recordId})`;
}

/** A substring of a name, email or phone, compared lower-case (strpos: no LIKE wildcards to escape). */
function matching(q: string) {
  const texts = [
    sql`c.first_name`,
    sql`c.last_name`,
    sql`c.first_name || ' ' || c.last_name`,
    sql`c.email_1`,
    sql`c.email_2`,
    sql`c.phone`,
    sql`c.cell`,
    sql`c.fax`,
  ].map((text) => sql<boolean>`strpos(lower(${text}), lower(${q})) > 0`);
  return sql<boolean>`(${sql.join(texts, sql` or `)})`;
}

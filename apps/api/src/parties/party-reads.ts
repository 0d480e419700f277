import { Inject, Injectable } from '@nestjs/common';
import { isDomainError, PartyFields, PartyRecord, isRecordId } from '@app/domain';
import { visibleRecord } from '@app/domain/party/decide';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { byName, listPageOf } from '../http/list-page';
import { resourceMissing } from '@app/runtime';
import { ListEnvelope } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { partyContext } from './party-context';
import { PartyJson, partyJson, PartyKind } from './party-kind';
import { PartyListRequest } from './party-list-query';
import { refuseUnknownParams } from '@app/runtime';
import { withIsoStamps } from '../http/timestamps';

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The record and the revision of its last event (the ETag). */
export interface PartyRead {
  body: PartyJson;
  revision: number;
}

/**
 * Customer and supplier reads. A retrieve folds the record's stream, the source of truth with its
 * revision; a list reads the `party_lists` read model, which read-your-writes keeps current.
 */
@Injectable()
export class PartyReads {
  constructor(
    private readonly writer: RecordWriter,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /**
   * A live record the caller may see (archived included), else 404 whatever the reason. `query` is
   * the retrieve's query string: it takes no parameter yet, so any is refused.
   */
  async retrieve<F extends PartyFields>(
    kind: PartyKind<F, any>,
    actor: Actor,
    id: string,
    query: Record<string, unknown> = {},
  ): Promise<PartyRead> {
    refuseUnknownParams(query);
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.read(kind.aggregate, id);
    const record = visibleRecord(state, partyContext(actor));
    if (isDomainError(record)) throw record;
    return { body: partyJson(kind, record, revision), revision };
  }

  /** A page of the account's records the caller may see, by name (case-insensitive), then id. */
  async list(
    kind: PartyKind<any, any>,
    actor: Actor,
    { page, filters }: PartyListRequest,
    url: string,
  ): Promise<ListEnvelope<PartyJson>> {
    const assignedTo = partyContext(actor).onlyAssignedTo;
    let rows = this.database.db
      .selectFrom(kind.table)
      .where('account_id', '=', actor.accountId)
      .where('archived', '=', filters.archived);
    if (assignedTo !== undefined) rows = rows.where('assigned_user_id', '=', assignedTo);
    if (filters.kind !== undefined) rows = rows.where('kind', '=', filters.kind);
    if (filters.q !== undefined) rows = rows.where(matching(filters.q));
    return listPageOf(
      { rows, page, url },
      (all) => byName(all.selectAll()),
      (found) => found.map((row) => partyJson(kind, withIsoStamps<PartyRecord>(row), row.revision as number)),
    );
  }
}

/** A substring of any searched column, compared lower-case (strpos: no LIKE wildcards to escape). */
function matching(q: string) {
  const columns = ['name', 'email', 'account_number', 'phone'].map(
    (column) => sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${q})) > 0`,
  );
  return sql<boolean>`(${sql.join(columns, sql` or `)})`;
}

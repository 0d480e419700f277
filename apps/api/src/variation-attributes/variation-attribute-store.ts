import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  decideVariationAttribute,
  isDomainError,
  liveRecordIn,
  VariationAttributeCommand,
  variationAttributeAggregate,
  VariationAttributeContext,
  VariationAttributeInput,
  isRecordId,
} from '@app/domain';
import { Database } from '@app/read-models';
import { sql } from 'kysely';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { byName, listPageOf } from '../http/list-page';
import { resourceMissing } from '@app/runtime';
import { ListEnvelope, parsePageRequest } from '@app/runtime';
import { KeyedLock } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { recordOfRow, VariationAttributeJson, variationAttributeJson } from './variation-attribute-json';
import { refuseUnknownParams } from '@app/runtime';

/** How many value ids a write may need: one per entry sent (the domain refuses more than it allows). */
const MAX_NEW_VALUES = 201;

/**
 * Variation attributes: reads (a retrieve folds the stream, the list reads `variation_attributes`)
 * and writes with what the domain cannot know (the account's other names, the values variations
 * use), looked up in the read models. Writes of one account run one at a time in this process, so
 * two attributes cannot take one name there.
 */
@Injectable()
export class VariationAttributeStore {
  private readonly perAccount = new KeyedLock();

  constructor(
    private readonly writer: RecordWriter,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  async retrieve(actor: Actor, id: string, query: Record<string, unknown> = {}) {
    refuseUnknownParams(query);
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.read(variationAttributeAggregate, id);
    const record = liveRecordIn(state, actor.accountId);
    if (isDomainError(record)) throw record;
    return { body: variationAttributeJson(record, revision), revision };
  }

  /** The account's attributes by display name (case-insensitive), then id. */
  async list(
    actor: Actor,
    query: Record<string, unknown>,
    url: string,
  ): Promise<ListEnvelope<VariationAttributeJson>> {
    refuseUnknownParams(query, ['page', 'limit', 'include_total']);
    const page = parsePageRequest(query);
    const rows = this.database.db
      .selectFrom('variation_attributes')
      .where('account_id', '=', actor.accountId);
    return listPageOf(
      { rows, page, url },
      (all) => byName(all.selectAll(), 'display_name'),
      (found) => found.map((row) => variationAttributeJson(recordOfRow(row), row.revision)),
    );
  }

  async create(actor: Actor, input: VariationAttributeInput) {
    const id = randomUUID();
    const command: VariationAttributeCommand = {
      type: 'CreateVariationAttribute',
      id,
      input,
      new_value_ids: freshIds(input),
    };
    return this.write(actor, id, command, true);
  }

  async update(actor: Actor, id: string, input: VariationAttributeInput, ifMatch?: number) {
    if (!isRecordId(id)) throw resourceMissing();
    const command: VariationAttributeCommand = {
      type: 'UpdateVariationAttribute',
      input,
      new_value_ids: freshIds(input),
    };
    return this.write(actor, id, command, false, ifMatch);
  }

  private write(
    actor: Actor,
    id: string,
    command: VariationAttributeCommand,
    fresh: boolean,
    ifMatch?: number,
  ) {
    return this.perAccount.run(actor.accountId, async () => {
      const { state, revision } = await this.writer.write(
        variationAttributeAggregate,
        id,
        async (current) => decideVariationAttribute(command, current, await this.context(actor, id, command)),
        { metadata: eventMetadata(actor), fresh, ifMatch },
      );
      if (state.status !== 'live') throw resourceMissing();
      return { body: variationAttributeJson(state.record, revision), revision };
    });
  }

  private async context(
    actor: Actor,
    id: string,
    command: VariationAttributeCommand,
  ): Promise<VariationAttributeContext> {
    const context: VariationAttributeContext = {
      now: new Date().toISOString(),
      accountId: actor.accountId,
      otherNames: [],
    };
    if (typeof command.input.name === 'string')
      context.otherNames = await this.otherNames(actor.accountId, id);
    if (command.type === 'UpdateVariationAttribute' && command.input.values !== undefined)
      context.valuesInUse = await this.valuesInUse(actor.accountId, id);
    return context;
  }

  private async otherNames(accountId: string, id: string): Promise<string[]> {
    const rows = await this.database.db
      .selectFrom('variation_attributes')
      .select('name')
      .where('account_id', '=', accountId)
      .where('id', '<>', id)
      .execute();
    return rows.map((row) => row.name as string);
  }

  /** The attribute's values that live variations of the account use. */
  private async valuesInUse(accountId: string, id: string): Promise<string[]> {
    const { rows } = await sql<{ value_id: string }>`select distinct pair->>'value_id' as value_id
      from item_variations v, jsonb_array_elements(v.attribute_values) pair
      where v.account_id = ${accountId}::uuid and pair->>'attribute_id' = ${id}`.execute(this.database.db);
    return rows.map((row) => row.value_id);
  }
}

function freshIds(input: VariationAttributeInput): string[] {
  const count = Array.isArray(input.values) ? Math.min(input.values.length, MAX_NEW_VALUES) : 0;
  return Array.from({ length: count }, () => randomUUID());
}

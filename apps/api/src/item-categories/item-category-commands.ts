import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  categoryId,
  decideItemCategory,
  isDomainError,
  itemCategoryAggregate,
  ItemCategoryCommand,
  ItemCategoryContext,
  MAX_CUSTOM_FIELDS,
  ParentCategory,
  isRecordId,
} from '@app/domain';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { resourceMissing } from '@app/runtime';
import { References } from '../records/references';
import { ItemCategoryJson, itemCategoryJson } from './item-category-json';
import { ItemCategoryReads } from './item-category-reads';

export type DeletedJson = { id: string; object: 'item_category'; deleted: true };

/** The body to answer and the revision for its ETag. */
export interface ItemCategoryAnswer {
  body: ItemCategoryJson | DeletedJson;
  revision: number;
}

/** Any command on an item category (create, update, delete), as a controller sends it. */
export class ChangeItemCategory extends Command<ItemCategoryAnswer> {
  constructor(
    readonly actor: Actor,
    readonly id: string,
    readonly command: ItemCategoryCommand,
    /** The client's If-Match. */
    readonly ifMatch?: number,
  ) {
    super();
  }
}

/** New ids for the custom fields a body may add: one per entry sent, at most the limit plus one. */
export function freshFieldIds(input: { custom_fields?: unknown }): string[] {
  const sent = Array.isArray(input.custom_fields) ? input.custom_fields.length : 0;
  return Array.from({ length: Math.min(sent, MAX_CUSTOM_FIELDS + 1) }, () => randomUUID());
}

/**
 * A category command through its stream. The domain decides with what only the read side knows:
 * the parent that `parent_id` names (read from its own stream), the category's subcategories, and
 * for a delete the records of other sorts registered in References under `item_category` (items).
 * Two concurrent writes could still nest categories two levels (each checked the other's old
 * state); categories change rarely, so no lock is taken for that.
 */
@CommandHandler(ChangeItemCategory)
export class ChangeItemCategoryHandler implements ICommandHandler<ChangeItemCategory, ItemCategoryAnswer> {
  constructor(
    private readonly writer: RecordWriter,
    private readonly reads: ItemCategoryReads,
    private readonly references: References,
  ) {}

  async execute({ actor, id, command, ifMatch }: ChangeItemCategory): Promise<ItemCategoryAnswer> {
    if (!isRecordId(id)) throw resourceMissing();
    const context = await this.contextFor(actor, id, command);
    const { state, revision } = await this.writer.write(
      itemCategoryAggregate,
      id,
      (current) => decideItemCategory(command, current, context),
      { metadata: eventMetadata(actor), ifMatch, fresh: command.type === 'CreateItemCategory' },
    );
    if (state.status !== 'live') return { body: { id, object: 'item_category', deleted: true }, revision };
    return { body: itemCategoryJson(state.record, revision), revision };
  }

  private async contextFor(
    actor: Actor,
    id: string,
    command: ItemCategoryCommand,
  ): Promise<ItemCategoryContext> {
    const context: ItemCategoryContext = { now: new Date().toISOString(), accountId: actor.accountId };
    if (command.type !== 'CreateItemCategory')
      context.childCount = await this.reads.childCount(actor.accountId, id);
    const reference = { kind: 'item_category', accountId: actor.accountId, id };
    // Deletes, and type changes (the items hold their category's type), depend on what it holds.
    const typeGiven = command.type === 'UpdateItemCategory' && command.input.inventory_type !== undefined;
    if (command.type === 'DeleteItemCategory' || typeGiven)
      context.dependents = await this.references.dependents(reference);
    if (command.type !== 'DeleteItemCategory') {
      const parentId = categoryId()(command.input.parent_id, 'parent_id');
      if (!isDomainError(parentId) && parentId !== id) context.parent = await this.parent(actor, parentId);
    }
    return context;
  }

  /** The live category of the caller's account that `parentId` names, or null. */
  private async parent(actor: Actor, parentId: string): Promise<ParentCategory | null> {
    const { state } = await this.writer.read(itemCategoryAggregate, parentId);
    if (state.status !== 'live' || state.record.account_id !== actor.accountId) return null;
    return { id: state.record.id, parent_id: state.record.parent_id };
  }
}

import { Injectable } from '@nestjs/common';
import {
  conflict,
  decideSalesOrder,
  isDomainError,
  numberedSalesOrder,
  numberedSalesOrderPackingList,
  permissionDenied,
  SalesOrderCommand,
  SalesOrderEvent,
  SalesOrderInput,
  salesOrderAggregate,
  SalesOrderRecord,
  SalesOrderState,
  visibleSalesOrder,
} from '@app/domain';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { DocumentNumbers } from '../documents/document-numbers';
import { DocumentWritten, WriteMoment, writeDocument, writeNewDocument } from '../documents/document-writes';
import { PACKING_LIST_SEQUENCE } from '../documents/document-numbers';
import { Numbering } from '../records/numbering';
import { locationAccessible, SalesOrderContexts } from './sales-order-context';
import { SalesOrderLocations } from './sales-order-locations';

/** The sales order after a write (null once deleted), the revision of its last event, and what it appended. */
export type SalesOrderWritten = DocumentWritten<SalesOrderRecord, SalesOrderEvent>;

/** The sequence of sales-order numbers, one per account. */
export const SALES_ORDER_SEQUENCE = 'sales_order';

/**
 * Sales-order commands through the order's stream. Every rule (editability, what is left to pack
 * or invoice) is decided on the order's state with the revision it was read at; commands on one
 * order run one at a time in this process (RecordWriter) and the append is guarded by that
 * revision, so concurrent packs decide in turn and cannot overpack. Numbers (order, packing list)
 * are drawn only once the decision accepted the command.
 */
@Injectable()
export class SalesOrderWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: SalesOrderContexts,
    private readonly locations: SalesOrderLocations,
    private readonly numbers: DocumentNumbers,
    private readonly numbering: Numbering,
  ) {}

  create(actor: Actor, input: SalesOrderInput): Promise<SalesOrderWritten> {
    const decide = async (current: SalesOrderState, { id, now }: WriteMoment) => {
      const context = await this.contexts.of(actor, current, input, now);
      const command = {
        type: 'CreateSalesOrder' as const,
        id,
        sales_order_number: 0,
        location_id: null,
        input,
      };
      const decision = decideSalesOrder(command, current, context);
      if (isDomainError(decision)) return decision;
      // The body's fields first, then where the order may be placed.
      const locationId = await this.locations.forNewOrder(actor, input);
      return decision.map((event) =>
        event.type === 'SalesOrderCreated'
          ? { ...event, data: { ...event.data, location_id: locationId } }
          : event,
      );
    };
    const numbering = { sequence: SALES_ORDER_SEQUENCE, numbered: numberedSalesOrder };
    return writeNewDocument(
      this.writer,
      salesOrderAggregate,
      actor,
      this.numbers.numberedCreation(actor, numbering, decide),
    );
  }

  /**
   * Any command on an existing order. A pack or shipment also needs the user's access to the
   * order's location (403 `permission_denied`); a pack draws its packing-list number from the
   * account's counter shared with invoices' packing lists, once accepted.
   */
  change(actor: Actor, id: string, command: SalesOrderCommand, ifMatch?: number): Promise<SalesOrderWritten> {
    const input = command.type === 'UpdateSalesOrder' ? command.input : {};
    return writeDocument(
      this.writer,
      salesOrderAggregate,
      actor,
      { id, ifMatch },
      async (current: SalesOrderState, { metadata, now }: WriteMoment, revision: number) => {
        const context = await this.contexts.of(actor, current, input, now, wantsRecipients(actor, command));
        const visible = visibleSalesOrder(current, context);
        // A stale If-Match: 409 mobile_mutation_conflict after visibility (404), before any other
        // refusal (documents-api §1.7: "a stale value returns 409 mobile_mutation_conflict").
        if (!isDomainError(visible) && ifMatch !== undefined && ifMatch !== revision) return staleIfMatch();
        // Location access is a permission: after visibility (404), before the body (422) and
        // the order's state (409).
        const fulfilling = command.type === 'PackSalesOrder' || command.type === 'ShipSalesOrderFulfillment';
        if (fulfilling && !isDomainError(visible) && !locationAccessible(actor, visible))
          return permissionDenied('This sales order is at a location the user may not work at.');
        const decision = decideSalesOrder(command, current, context);
        if (isDomainError(decision)) return decision;
        if (command.type !== 'PackSalesOrder') return decision;
        // A stale If-Match will refuse the append: draw no number for it.
        if (ifMatch !== undefined && ifMatch !== revision) return decision;
        const draw = {
          accountId: actor.accountId,
          sequence: PACKING_LIST_SEQUENCE,
          recordId: command.fulfillment_id,
        };
        return numberedSalesOrderPackingList(decision, await this.numbering.next({ ...draw, metadata, now }));
      },
    );
  }

  async read(id: string): Promise<{ state: SalesOrderState; revision: number }> {
    return this.writer.read(salesOrderAggregate, id);
  }
}

/** The answer to a stale If-Match, as the store gives it for an append it refuses. */
export function staleIfMatch() {
  return conflict(
    'mobile_mutation_conflict',
    'The record has changed since the revision in If-Match. Fetch it again and retry.',
  );
}

/** Recipients are looked up only where an event records them: a shipment with notifications on. */
function wantsRecipients(actor: Actor, command: SalesOrderCommand): boolean {
  return command.type === 'ShipSalesOrderFulfillment' && actor.settings.automatic_shipping_notifications;
}

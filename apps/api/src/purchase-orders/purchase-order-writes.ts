import { Injectable } from '@nestjs/common';
import {
  decidePurchaseOrder,
  isDomainError,
  numberedPurchaseOrder,
  permissionDenied,
  PurchaseOrderCommand,
  PurchaseOrderEvent,
  PurchaseOrderInput,
  purchaseOrderAggregate,
  PurchaseOrderRecord,
  PurchaseOrderState,
} from '@app/domain';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { DocumentNumbers } from '../documents/document-numbers';
import { DocumentWritten, WriteMoment, writeDocument, writeNewDocument } from '../documents/document-writes';
import { locationAccessible } from './purchase-order-access';
import { PurchaseOrderContexts } from './purchase-order-context';
import { PurchaseOrderLocations } from './purchase-order-locations';

/** The purchase order after a write (null once deleted), the revision of its last event, and what it appended. */
export type PurchaseOrderWritten = DocumentWritten<PurchaseOrderRecord, PurchaseOrderEvent>;

/** The sequence of purchase-order numbers, one per account. */
export const PURCHASE_ORDER_SEQUENCE = 'purchase_order';

/** Commands that follow the user's location restriction on an existing order. */
const AT_LOCATION: readonly PurchaseOrderCommand['type'][] = [
  'ReceivePurchaseOrder',
  'RecordPurchaseOrderPayment',
  'DeletePurchaseOrderPayment',
];

/**
 * Purchase-order commands through the order's stream. Every rule (what remains to receive, what is
 * due) is decided on the order's state with the revision it was read at; commands on one order
 * run one at a time in this process (RecordWriter) and the append is guarded by that revision, so
 * parallel receipts cannot receive more than ordered and parallel payments cannot overpay. The
 * order's number is drawn only once the decision accepted the creation.
 */
@Injectable()
export class PurchaseOrderWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly contexts: PurchaseOrderContexts,
    private readonly locations: PurchaseOrderLocations,
    private readonly numbers: DocumentNumbers,
  ) {}

  create(actor: Actor, input: PurchaseOrderInput): Promise<PurchaseOrderWritten> {
    const decide = async (current: PurchaseOrderState, { id, now }: WriteMoment) => {
      const location = await this.locations.named(actor, input);
      const context = await this.contexts.of(actor, current, input, now, location);
      const command = {
        type: 'CreatePurchaseOrder' as const,
        id,
        purchase_order_number: 0,
        location_id: location ?? '',
        input,
      };
      return decidePurchaseOrder(command, current, context);
    };
    const numbering = { sequence: PURCHASE_ORDER_SEQUENCE, numbered: numberedPurchaseOrder };
    return writeNewDocument(
      this.writer,
      purchaseOrderAggregate,
      actor,
      this.numbers.numberedCreation(actor, numbering, decide),
    );
  }

  /** Any command on an existing order; receipts and payments need the user's access to its location. */
  change(
    actor: Actor,
    id: string,
    command: PurchaseOrderCommand,
    ifMatch?: number,
  ): Promise<PurchaseOrderWritten> {
    const input = command.type === 'UpdatePurchaseOrder' ? command.input : {};
    return writeDocument(
      this.writer,
      purchaseOrderAggregate,
      actor,
      { id, ifMatch },
      async (current: PurchaseOrderState, { now }: WriteMoment) => {
        const location =
          command.type === 'UpdatePurchaseOrder' ? await this.locations.named(actor, input) : undefined;
        const context = await this.contexts.of(actor, current, input, now, location);
        const located =
          command.type === 'UpdatePurchaseOrder' ? { ...command, location_id: location } : command;
        const decision = decidePurchaseOrder(located, current, context);
        if (isDomainError(decision)) return decision;
        const restricted =
          current.status === 'live' &&
          (AT_LOCATION.includes(command.type) || command.type === 'UpdatePurchaseOrder') &&
          !locationAccessible(actor, current.record);
        if (restricted)
          return permissionDenied('This purchase order is for a location the user may not work at.');
        return decision;
      },
    );
  }

  async read(id: string): Promise<{ state: PurchaseOrderState; revision: number }> {
    return this.writer.read(purchaseOrderAggregate, id);
  }
}

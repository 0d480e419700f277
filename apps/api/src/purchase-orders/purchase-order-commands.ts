import { PurchaseOrderCommand, PurchaseOrderInput } from '@app/domain';
import { documentCommand } from '../documents/document-commands';
import { PurchaseOrderWrites, PurchaseOrderWritten } from './purchase-order-writes';

/** Any command on a purchase order: a create (no id yet) or a command on an existing one. */
export const { command: ChangePurchaseOrder, handler: ChangePurchaseOrderHandler } = documentCommand<
  PurchaseOrderInput,
  PurchaseOrderCommand,
  PurchaseOrderWritten
>('PurchaseOrder', PurchaseOrderWrites);

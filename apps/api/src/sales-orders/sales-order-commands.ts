import { SalesOrderCommand, SalesOrderInput } from '@app/domain';
import { documentCommand } from '../documents/document-commands';
import { SalesOrderWrites, SalesOrderWritten } from './sales-order-writes';

/** Any command on a sales order: a create (no id yet) or a command on an existing one. */
export const { command: ChangeSalesOrder, handler: ChangeSalesOrderHandler } = documentCommand<
  SalesOrderInput,
  SalesOrderCommand,
  SalesOrderWritten
>('SalesOrder', SalesOrderWrites);

import { StockTransferCommand, StockTransferInput } from '@app/domain';
import { documentCommand } from '../documents/document-commands';
import { StockTransferWrites, StockTransferWritten } from './stock-transfer-writes';

/** Any command on a stock transfer: a create (no id yet) or a command on an existing one. */
export const { command: ChangeStockTransfer, handler: ChangeStockTransferHandler } = documentCommand<
  StockTransferInput,
  StockTransferCommand,
  StockTransferWritten
>('StockTransfer', StockTransferWrites);

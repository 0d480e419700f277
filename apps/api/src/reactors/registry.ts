import { Reactor } from '@app/read-models';
import { estimateConversionReactor } from '../conversions/estimate-conversion-reactor';
import { invoiceUnitsReactor } from '../invoices/invoice-units-reactor';
import { linkedInvoiceReleaseReactor } from '../sales-order-invoicing/linked-invoice-release-reactor';
import { salesOrderInvoicingReactor } from '../sales-order-invoicing/sales-order-invoicing-reactor';
import { firstVariationReactor } from '../items/variations/first-variation-reactor';
import { transferMovementRepairReactor } from '../stock-transfers/transfer-movement-repair-reactor';

/**
 * Every reactor the service runs (docs/reactors.md), where projectors run: in the API with
 * PROJECTORS=in-process, in the projector worker with PROJECTORS=external. Add a new one here.
 */
export const reactors: readonly Reactor[] = [
  firstVariationReactor,
  estimateConversionReactor,
  invoiceUnitsReactor,
  salesOrderInvoicingReactor,
  linkedInvoiceReleaseReactor,
  transferMovementRepairReactor(),
];

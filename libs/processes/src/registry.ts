import { Reactor } from '@app/read-models';
import { estimateConversionReactor } from './estimate-conversion/estimate-conversion-reactor';
import { invoiceUnitsReactor } from './invoice-units/invoice-units-reactor';
import { linkedInvoiceReleaseReactor } from './linked-invoice-release/linked-invoice-release-reactor';
import { salesOrderInvoicingReactor } from './sales-order-invoicing/sales-order-invoicing-reactor';
import { firstVariationReactor } from './first-variation/first-variation-reactor';
import { transferMovementRepairReactor } from './transfer-movement/transfer-movement-repair-reactor';
import { customerNotificationsReactor } from './customer-notifications/customer-notifications-reactor';
import { Mailer } from './customer-notifications/mailer';

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

/** The registry's reactors, with the customer notifications where a mail server is configured. */
export function reactorsWith({ mailer }: { mailer?: Mailer }): readonly Reactor[] {
  return mailer ? [...reactors, customerNotificationsReactor(mailer)] : reactors;
}

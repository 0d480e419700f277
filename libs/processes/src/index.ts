/**
 * Cross-record processes (docs/reactors.md): each folder is one process, its trigger and steps (a
 * reactor run inline by the request and from the log after a crash) and its audit; `processes` is
 * the registry every process that runs them uses.
 */
export { reactors, reactorsWith } from './registry';
export { customerNotificationsReactor } from './customer-notifications/customer-notifications-reactor';
export * from './customer-notifications/mailer';
export * from './customer-notifications/customer-messages';
export { estimateConversionReactor } from './estimate-conversion/estimate-conversion-reactor';
export { salesOrderInvoicingReactor } from './sales-order-invoicing/sales-order-invoicing-reactor';
export { linkedInvoiceReleaseReactor } from './linked-invoice-release/linked-invoice-release-reactor';
export { invoiceUnitsReactor } from './invoice-units/invoice-units-reactor';
export { firstVariationReactor } from './first-variation/first-variation-reactor';
export { transferMovementRepairReactor } from './transfer-movement/transfer-movement-repair-reactor';
export * from './transfer-movement/owner-movement';
export * from './invoice-units/unit-lines';
export * from './numbering/counter';
export * from './numbering/number-step';
export { auditCrossRecordSteps } from './audit/cross-record-audit';
export type { UnfinishedStep } from './audit/open-steps';
export { DEFAULT_STEP_GRACE_MS, unfinishedStepsIn } from './audit/unfinished-steps';
export * from './estimate-expiry/estimate-expiry-sweep';

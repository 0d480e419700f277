import { DocumentContext, DocumentCustomer } from '../document';

/** A customer or prospect an estimate may name. */
export type EstimateCustomer = DocumentCustomer;

/** What an estimate decision reads besides command and state; the handler looks it up. */
export type EstimateContext = DocumentContext & { estimateExpiryDays: number };

import { AccountEvent } from './account/events';
import { ApiKeyEvent } from './api-key/events';
import { ContactEvent } from './contact/events';
import { CustomerEvent } from './customer/events';
import { EstimateEvent } from './estimate/events';
import { InvoiceEvent } from './invoice/events';
import { ItemCategoryEvent } from './item-category/events';
import { ItemGalleryEvent } from './item-gallery/events';
import { ItemVariationEvent } from './item-variation/events';
import { ItemEvent } from './item/events';
import { LocationEvent } from './location/events';
import { PurchaseOrderEvent } from './purchase-order/events';
import { SalesOrderEvent } from './sales-order/events';
import { StockTransferEvent } from './stock-transfer/events';
import { SupplierEvent } from './supplier/events';
import { UserEvent } from './user/events';
import { VariationAttributeEvent } from './variation-attribute/events';
import { WebhookEndpointEvent } from './webhook-endpoint/events';

/**
 * The catalogue of every event the domain records, each aggregate's union in one. Read models
 * fold these types, so an event whose shape changes fails the build where it is folded.
 */
export type AnyDomainEvent =
  | AccountEvent
  | UserEvent
  | ApiKeyEvent
  | CustomerEvent
  | SupplierEvent
  | ContactEvent
  | LocationEvent
  | ItemCategoryEvent
  | ItemGalleryEvent
  | ItemEvent
  | ItemVariationEvent
  | VariationAttributeEvent
  | StockTransferEvent
  | EstimateEvent
  | InvoiceEvent
  | SalesOrderEvent
  | PurchaseOrderEvent
  | WebhookEndpointEvent;

/** Every event by its type: `DomainEvents['InvoiceCreated']`. */
export type DomainEvents = { [E in AnyDomainEvent as E['type']]: E };

export type DomainEventType = keyof DomainEvents;

/** One event type's event: `EventOf<'InvoiceCreated'>`. */
export type EventOf<T extends DomainEventType> = DomainEvents[T];

/** One event type's data, as it is recorded. */
export type EventDataOf<T extends DomainEventType> = DomainEvents[T]['data'];

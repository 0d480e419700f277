import {
  CUSTOMER_KINDS,
  customerAggregate,
  CustomerCommand,
  CustomerFields,
  customerView,
  Decision,
  decideCustomer,
  decideSupplier,
  PartyContext,
  PartyFields,
  PartyRecord,
  PartyState,
  Scope,
  supplierAggregate,
  SupplierCommand,
  supplierView,
} from '@app/domain';
import { AggregateDefinition, DomainEvent } from '@app/event-store/aggregate';
import { CustomerBody, SupplierBody } from './party-bodies';
import { CustomerSchema, SupplierSchema } from './party-schemas';

/** A customer or supplier as the API answers it: the domain's view and its stream revision (the ETag). */
export type PartyJson = { id: string; object: string; revision: number } & Record<string, unknown>;

/**
 * What tells customers and suppliers apart on their way through the API: their stream, decider,
 * view, list table, scopes and the commands each endpoint sends. The rules are the domain's.
 */
export interface PartyKind<
  F extends PartyFields = PartyFields,
  C extends { type: string } = { type: string },
> {
  noun: 'customer' | 'supplier';
  /** The read-model table of the list (projector `party_lists`), also the path under /api/v3. */
  table: 'customers' | 'suppliers';
  /** The body of POST and PATCH: the fields a client may send. */
  body: new () => object;
  /** The OpenAPI schema of its answers. */
  schema: new () => object;
  scopes: { read: Scope; write: Scope; delete: Scope };
  /** The `kind` values a list may be filtered by (customers: customer, prospect). */
  kinds?: readonly string[];
  aggregate: AggregateDefinition<PartyState<F>, DomainEvent>;
  decide(command: C, state: PartyState<F>, context: PartyContext): Decision<DomainEvent>;
  view(record: PartyRecord<F>): object;
  commands: {
    create(id: string, input: object): C;
    update(input: object): C;
    archive: C;
    restore: C;
    remove: C;
  };
}

export const CUSTOMERS: PartyKind<CustomerFields, CustomerCommand> = {
  noun: 'customer',
  table: 'customers',
  body: CustomerBody,
  schema: CustomerSchema,
  scopes: { read: 'customers:read', write: 'customers:write', delete: 'customers:delete' },
  kinds: CUSTOMER_KINDS,
  aggregate: customerAggregate,
  decide: decideCustomer,
  view: customerView,
  commands: {
    create: (id, input) => ({ type: 'CreateCustomer', id, input }),
    update: (input) => ({ type: 'UpdateCustomer', input }),
    archive: { type: 'ArchiveCustomer' },
    restore: { type: 'RestoreCustomer' },
    remove: { type: 'DeleteCustomer' },
  },
};

export const SUPPLIERS: PartyKind<PartyFields, SupplierCommand> = {
  noun: 'supplier',
  table: 'suppliers',
  body: SupplierBody,
  schema: SupplierSchema,
  scopes: { read: 'suppliers:read', write: 'suppliers:write', delete: 'suppliers:delete' },
  aggregate: supplierAggregate,
  decide: decideSupplier,
  view: supplierView,
  commands: {
    create: (id, input) => ({ type: 'CreateSupplier', id, input }),
    update: (input) => ({ type: 'UpdateSupplier', input }),
    archive: { type: 'ArchiveSupplier' },
    restore: { type: 'RestoreSupplier' },
    remove: { type: 'DeleteSupplier' },
  },
};

/** The record's JSON: its view, then the revision of its last event. */
export function partyJson<F extends PartyFields>(
  kind: PartyKind<F, { type: string }>,
  record: PartyRecord<F>,
  revision: number,
): PartyJson {
  return { ...kind.view(record), revision } as PartyJson;
}

import { changedPartyFields, deletionRefusal, newFields, visibleRecord } from '../party/decide';
import { PartyContext } from '../party/context';
import { PARTY_DEFAULTS, PARTY_PARSERS, PartyFields } from '../party/fields';
import { Decision } from '../shared/decision';
import { isDomainError } from '../shared/domain-error';
import { SupplierCommand } from './commands';
import { SupplierEvent } from './events';
import { SupplierState } from './state';
import { createdEvent, updatedEvent } from '../shared/recorded';

export type SupplierContext = PartyContext;

export function decideSupplier(
  command: SupplierCommand,
  state: SupplierState,
  context: SupplierContext,
): Decision<SupplierEvent> {
  const { now } = context;
  if (command.type === 'CreateSupplier') {
    const fields = newFields<PartyFields>(state, PARTY_PARSERS, PARTY_DEFAULTS, command.input, context);
    if (isDomainError(fields)) return fields;
    return createdEvent('SupplierCreated', command.id, fields, context);
  }
  const supplier = visibleRecord(state, context);
  if (isDomainError(supplier)) return supplier;
  switch (command.type) {
    case 'UpdateSupplier': {
      const changes = changedPartyFields(supplier, PARTY_PARSERS, command.input);
      if (isDomainError(changes)) return changes;
      return updatedEvent('SupplierUpdated', changes, now);
    }
    case 'ArchiveSupplier':
      return supplier.archived ? [] : [{ type: 'SupplierArchived', data: { archived_at: now } }];
    case 'RestoreSupplier':
      return supplier.archived ? [{ type: 'SupplierRestored', data: { restored_at: now } }] : [];
    case 'DeleteSupplier': {
      const refusal = deletionRefusal(context, 'supplier_delete_not_allowed', 'supplier');
      return refusal ?? [{ type: 'SupplierDeleted', data: { deleted_at: now } }];
    }
  }
}

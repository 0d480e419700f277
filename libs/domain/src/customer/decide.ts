import { changedPartyFields, deletionRefusal, newFields, visibleRecord } from '../party/decide';
import { PartyContext } from '../party/context';
import { Decision } from '../shared/decision';
import { isDomainError } from '../shared/domain-error';
import { CustomerCommand } from './commands';
import { CustomerEvent } from './events';
import { CUSTOMER_DEFAULTS, CUSTOMER_PARSERS, CustomerFields } from './fields';
import { CustomerState } from './state';
import { createdEvent, updatedEvent } from '../shared/recorded';

export type CustomerContext = PartyContext;

export function decideCustomer(
  command: CustomerCommand,
  state: CustomerState,
  context: CustomerContext,
): Decision<CustomerEvent> {
  const { now } = context;
  if (command.type === 'CreateCustomer') {
    const fields = newFields<CustomerFields>(
      state,
      CUSTOMER_PARSERS,
      CUSTOMER_DEFAULTS,
      command.input,
      context,
    );
    if (isDomainError(fields)) return fields;
    return createdEvent('CustomerCreated', command.id, fields, context);
  }
  const customer = visibleRecord(state, context);
  if (isDomainError(customer)) return customer;
  switch (command.type) {
    case 'UpdateCustomer': {
      const changes = changedPartyFields(customer, CUSTOMER_PARSERS, command.input);
      if (isDomainError(changes)) return changes;
      return updatedEvent('CustomerUpdated', changes, now);
    }
    case 'ArchiveCustomer':
      return customer.archived ? [] : [{ type: 'CustomerArchived', data: { archived_at: now } }];
    case 'RestoreCustomer':
      return customer.archived ? [{ type: 'CustomerRestored', data: { restored_at: now } }] : [];
    case 'ConvertProspectToCustomer': {
      const data = { estimate_id: command.estimate_id ?? null, converted_at: now };
      return customer.kind === 'prospect' ? [{ type: 'ProspectConvertedToCustomer', data }] : [];
    }
    case 'DeleteCustomer': {
      const refusal = deletionRefusal(context, 'customer_delete_not_allowed', 'customer');
      return refusal ?? [{ type: 'CustomerDeleted', data: { deleted_at: now } }];
    }
  }
}

import { decidePartyCommand, PartyKind, visibleRecord } from '../party/decide';
import { PartyContext } from '../party/context';
import { Decision } from '../shared/decision';
import { isDomainError } from '../shared/domain-error';
import { CustomerCommand } from './commands';
import { CustomerEvent } from './events';
import { CUSTOMER_DEFAULTS, CUSTOMER_PARSERS, CustomerFields } from './fields';
import { CustomerState } from './state';

export type CustomerContext = PartyContext;

const CUSTOMER: PartyKind<'Customer', CustomerFields> = {
  name: 'Customer',
  noun: 'customer',
  parsers: CUSTOMER_PARSERS,
  defaults: CUSTOMER_DEFAULTS,
};

export function decideCustomer(
  command: CustomerCommand,
  state: CustomerState,
  context: CustomerContext,
): Decision<CustomerEvent> {
  if (command.type !== 'ConvertProspectToCustomer')
    return decidePartyCommand(CUSTOMER, command, state, context);
  const customer = visibleRecord(state, context);
  if (isDomainError(customer)) return customer;
  const data = { estimate_id: command.estimate_id ?? null, converted_at: context.now };
  return customer.kind === 'prospect' ? [{ type: 'ProspectConvertedToCustomer', data }] : [];
}

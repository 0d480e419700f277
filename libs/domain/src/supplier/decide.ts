import { decidePartyCommand, PartyKind } from '../party/decide';
import { PartyContext } from '../party/context';
import { PARTY_DEFAULTS, PARTY_PARSERS, PartyFields } from '../party/fields';
import { Decision } from '../shared/decision';
import { SupplierCommand } from './commands';
import { SupplierEvent } from './events';
import { SupplierState } from './state';

export type SupplierContext = PartyContext;

const SUPPLIER: PartyKind<'Supplier', PartyFields> = {
  name: 'Supplier',
  noun: 'supplier',
  parsers: PARTY_PARSERS,
  defaults: PARTY_DEFAULTS,
};

export function decideSupplier(
  command: SupplierCommand,
  state: SupplierState,
  context: SupplierContext,
): Decision<SupplierEvent> {
  return decidePartyCommand(SUPPLIER, command, state, context);
}

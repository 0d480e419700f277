import { Module } from '@nestjs/common';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { partyController } from './party.controller';
import { ChangePartyHandler } from './party-commands';
import { partyHistory } from './party-history';
import { CUSTOMERS, SUPPLIERS } from './party-kind';
import { PartyReads } from './party-reads';
import { PartyWrites } from './party-writes';

const customerHistory = partyHistory(CUSTOMERS);
const supplierHistory = partyHistory(SUPPLIERS);

/** Customers (with prospects) and suppliers; documents register as their dependents in References. */
@Module({
  imports: [RecordsModule],
  controllers: [
    partyController(CUSTOMERS, customerHistory),
    partyController(SUPPLIERS, supplierHistory),
    historyController(customerHistory),
    historyController(supplierHistory),
  ],
  providers: [PartyReads, PartyWrites, ChangePartyHandler],
})
export class PartiesModule {}

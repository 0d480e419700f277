import { Module } from '@nestjs/common';
import { AccountRecords } from './account-records';
import { ChangeContactHandler } from './contact-commands';
import { ContactReads } from './contact-reads';
import { ContactWrites } from './contact-writes';
import { ContactHistoryController, ContactsController } from './contacts.controller';

/**
 * Contacts linked to customers, prospects and suppliers. Deleting a customer or supplier is not
 * blocked by its contacts (nothing is registered in References): the link just disappears.
 */
@Module({
  controllers: [ContactsController, ContactHistoryController],
  providers: [AccountRecords, ContactReads, ContactWrites, ChangeContactHandler],
})
export class ContactsModule {}

import { postgresSkipNotice, testDatabases } from '@app/read-models/testing/test-databases';
import { describeEventStoreContract } from '../contract/event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

postgresSkipNotice('PostgresEventStore contract');

for (const testDatabase of testDatabases()) {
  describeEventStoreContract(testDatabase.name, async () => {
    const database = await testDatabase.open();
    const store = await PostgresEventStore.open(database);
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.close();
      },
    };
  });
}

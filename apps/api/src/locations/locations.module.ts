import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { Database } from '@app/read-models';
import { historyController } from '../history';
import { RecordsModule } from '../records/records.module';
import { References } from '../records/references';
import { DATABASE } from '../store/tokens';
import { countAssignedUsers } from './assigned-users';
import { ChangeLocationHandler } from './location-commands';
import { locationHistory } from './location-history';
import { LocationReads } from './location-reads';
import { LocationWrites } from './location-writes';
import { LocationsController } from './locations.controller';
import { ZonesController } from './zones.controller';

/**
 * Locations with their zones. Modules whose records depend on a location (inventory, documents,
 * stock transfers, inventory history) register a counter for kind `location` in References; this
 * module registers the users assigned to one.
 */
@Module({
  imports: [RecordsModule],
  controllers: [LocationsController, ZonesController, historyController(locationHistory)],
  providers: [LocationReads, LocationWrites, ChangeLocationHandler],
})
export class LocationsModule implements OnModuleInit {
  constructor(
    private readonly references: References,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  onModuleInit(): void {
    this.references.register('location', 'assigned users', (reference) =>
      countAssignedUsers(this.database, reference),
    );
  }
}

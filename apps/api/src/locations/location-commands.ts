import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { LocationChange, LocationWrites, LocationWritten } from './location-writes';

/** Any command on a location or one of its zones. */
export class ChangeLocation extends Command<LocationWritten> {
  constructor(readonly change: LocationChange) {
    super();
  }
}

@CommandHandler(ChangeLocation)
export class ChangeLocationHandler implements ICommandHandler<ChangeLocation, LocationWritten> {
  constructor(private readonly writes: LocationWrites) {}

  execute({ change }: ChangeLocation): Promise<LocationWritten> {
    return this.writes.write(change);
  }
}

import { recordCommand } from '../records/record-command';
import { LocationChange, LocationWrites, LocationWritten } from './location-writes';

/** Any command on a location or one of its zones. */
export const { command: ChangeLocation, handler: ChangeLocationHandler } = recordCommand<
  LocationChange,
  LocationWritten
>('Location', LocationWrites);

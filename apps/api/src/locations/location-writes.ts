import { Injectable } from '@nestjs/common';
import { decideLocation, locationAggregate, LocationCommand, LocationState } from '@app/domain';
import { RecordWriter } from '@app/runtime';
import { RecordChange, writeRecordChange } from '../records/record-change';
import { References } from '../records/references';
import { locationContext } from './location-context';

/** One command on one location, as a controller sends it. */
export type LocationChange = RecordChange<LocationCommand>;

/** The location after the command and the revision of its stream's last event. */
export interface LocationWritten {
  state: LocationState;
  revision: number;
}

/**
 * A location or zone command through the location's stream. For a delete, the dependents other
 * modules registered for kind `location` are counted first (the zones are the aggregate's own), so
 * the domain decides with them; a concurrent write makes the writer decide (and count) again.
 */
@Injectable()
export class LocationWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly references: References,
  ) {}

  async write(change: LocationChange): Promise<LocationWritten> {
    const { actor, id, command } = change;
    const { state, revision } = await writeRecordChange(
      this.writer,
      locationAggregate,
      change,
      async (current: LocationState) => {
        const context = locationContext(actor);
        if (command.type === 'DeleteLocation') {
          // A missing location is 404 whatever depends on it: nothing to count.
          context.dependents =
            current.status === 'live'
              ? await this.references.dependents({ kind: 'location', accountId: actor.accountId, id })
              : [];
        }
        return decideLocation(command, current, context);
      },
    );
    return { state, revision };
  }
}

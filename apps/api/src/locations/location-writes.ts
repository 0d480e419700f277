import { Injectable } from '@nestjs/common';
import { decideLocation, locationAggregate, LocationCommand, LocationState, isRecordId } from '@app/domain';
import { Actor, eventMetadata } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { resourceMissing } from '@app/runtime';
import { References } from '../records/references';
import { locationContext } from './location-context';

/** One command on one location, as a controller sends it. */
export interface LocationChange {
  actor: Actor;
  id: string;
  command: LocationCommand;
  /** The client's If-Match. */
  ifMatch?: number;
  /** A create under a newly drawn id: no stream to read first. */
  fresh?: boolean;
}

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

  async write({ actor, id, command, ifMatch, fresh }: LocationChange): Promise<LocationWritten> {
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.write(
      locationAggregate,
      id,
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
      { metadata: eventMetadata(actor), ifMatch, fresh },
    );
    return { state, revision };
  }
}

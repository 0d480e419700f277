import { Projector } from '../projector';
import { operatorRecordsProjector } from './operator-records';
import { partyListsProjector } from './party-lists';

export { operatorRecordsProjector } from './operator-records';
export { partyListsProjector } from './party-lists';

/** The service's read models, in the order they start; the API, the worker and the CLI run these. */
export const projectors: readonly Projector[] = [operatorRecordsProjector, partyListsProjector];

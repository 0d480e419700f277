import { RecordState } from '../shared/record-state';
import { UserCreated } from './events';

/** The user as created, active until deactivated. */
export type UserRecord = UserCreated['data'] & { active: boolean; updated_at: string };

export type UserState = RecordState<UserRecord>;

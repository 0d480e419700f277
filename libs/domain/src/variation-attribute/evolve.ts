import { evolver } from '../shared/evolver';
import { ABSENT, createdRecord, withChanges } from '../shared/record-state';
import { VariationAttributeEvent } from './events';
import { VariationAttributeState } from './state';

export const initialVariationAttributeState: VariationAttributeState = ABSENT;

export const evolveVariationAttribute = evolver<VariationAttributeState, VariationAttributeEvent>({
  VariationAttributeCreated: (_, data) => createdRecord(data),
  VariationAttributeUpdated: withChanges,
});

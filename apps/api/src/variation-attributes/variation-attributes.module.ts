import { Module } from '@nestjs/common';
import { historyController } from '../history';
import { ChangeVariationAttributeHandler } from './variation-attribute-commands';
import { variationAttributeHistory } from './variation-attribute-history';
import { VariationAttributeStore } from './variation-attribute-store';
import { VariationAttributesController } from './variation-attributes.controller';

/** The account's variation attributes (EXTENSIONS.md §7), with their event history. */
@Module({
  controllers: [VariationAttributesController, historyController(variationAttributeHistory)],
  providers: [VariationAttributeStore, ChangeVariationAttributeHandler],
})
export class VariationAttributesModule {}

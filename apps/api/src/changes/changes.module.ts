import { Module } from '@nestjs/common';
import { ItemVariationsModule } from '../items/variations/item-variations.module';
import { ChangeFeed } from './change-feed';
import { ChangesController } from './changes.controller';
import { CursorSecret } from './cursor-secret';

/** GET /api/v3/changes: the change feed over every record kind. */
@Module({
  imports: [ItemVariationsModule],
  controllers: [ChangesController],
  providers: [ChangeFeed, CursorSecret],
  exports: [ChangeFeed, CursorSecret],
})
export class ChangesModule {}

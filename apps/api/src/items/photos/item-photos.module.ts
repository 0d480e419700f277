import { Module } from '@nestjs/common';
import { StorageModule } from '../../storage/storage.module';
import { ItemsModule } from '../items.module';
import { ChangeItemPhotosHandler } from './item-photo-commands';
import { ItemPhotoWrites } from './item-photo-writes';
import { ItemPhotosController } from './item-photos.controller';
import { PhotoFilesController } from './photo-files.controller';
import { PhotoUploadGuard } from './photo-upload.guard';

/** Item photos: uploads and their renditions, the gallery's order, and the files themselves. */
@Module({
  imports: [ItemsModule, StorageModule],
  controllers: [ItemPhotosController, PhotoFilesController],
  providers: [ItemPhotoWrites, PhotoUploadGuard, ChangeItemPhotosHandler],
})
export class ItemPhotosModule {}

import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { ApiConfig } from '@app/runtime';
import { API_CONFIG } from '../store/tokens';
import { FilesystemPhotoStorage } from './filesystem-photo-storage';
import { PHOTO_STORAGE } from './photo-storage';

/**
 * The photo store: files under `DATA_DIR/photos`. An S3-compatible adapter would be chosen here
 * from the configuration; nothing else in the app knows where the files live.
 */
@Module({
  providers: [
    {
      provide: PHOTO_STORAGE,
      useFactory: (config: ApiConfig) => new FilesystemPhotoStorage(join(config.dataDir, 'photos')),
      inject: [API_CONFIG],
    },
  ],
  exports: [PHOTO_STORAGE],
})
export class StorageModule {}

import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Actor } from '../../auth/actor';
import { ItemPhotoWrites } from './item-photo-writes';
import { PhotoUpload } from './photo-upload.guard';

/** What a photo endpoint asks of an item's gallery. */
export type PhotoRequest =
  | { type: 'upload'; upload: PhotoUpload }
  | { type: 'replace'; photoId: string; upload: PhotoUpload }
  | { type: 'crop'; photoId: string; upload: PhotoUpload }
  | { type: 'reorder'; photoIds: unknown }
  | { type: 'delete'; photoId: string };

export class ChangeItemPhotos extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly itemId: string,
    readonly request: PhotoRequest,
  ) {
    super();
  }
}

@CommandHandler(ChangeItemPhotos)
export class ChangeItemPhotosHandler implements ICommandHandler<ChangeItemPhotos, void> {
  constructor(private readonly writes: ItemPhotoWrites) {}

  execute({ actor, itemId, request }: ChangeItemPhotos): Promise<void> {
    switch (request.type) {
      case 'upload':
        return this.writes.add(actor, itemId, request.upload);
      case 'replace':
        return this.writes.replace(actor, itemId, request.photoId, request.upload);
      case 'crop':
        return this.writes.crop(actor, itemId, request.photoId, request.upload);
      case 'reorder':
        return this.writes.reorder(actor, itemId, request.photoIds);
      case 'delete':
        return this.writes.remove(actor, itemId, request.photoId);
    }
  }
}

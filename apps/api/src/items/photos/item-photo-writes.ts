import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  decideItemGallery,
  GalleryPhoto,
  isDomainError,
  itemGalleryAggregate,
  ItemGalleryCommand,
  ItemGalleryState,
  ItemRecord,
  isRecordId,
} from '@app/domain';
import { PinoLogger } from 'nestjs-pino';
import { Actor, eventMetadata } from '../../auth/actor';
import { RecordWriter } from '@app/runtime';
import { ItemReads } from '../item-reads';
import { resourceMissing } from '@app/runtime';
import { PHOTO_STORAGE, PhotoStorage } from '../../storage/photo-storage';
import {
  newFiles,
  originalKeys,
  renderOriginal,
  RenderedFile,
  renderSquares,
  squareKeys,
} from './photo-files';
import { PhotoUpload } from './photo-upload.guard';
import { photoSource } from './renditions';

/** A gallery command and the files it brings and retires. */
interface GalleryChange {
  command: ItemGalleryCommand;
  /** Renders the new files; run once the domain has accepted the command. */
  render?: () => Promise<RenderedFile[]>;
  /** The files the change leaves unused, from the gallery before it. */
  retired?: (before: ItemGalleryState) => string[];
}

/**
 * Photo commands on an item's gallery (`itemGallery-<item id>`). An upload is checked to be an image
 * first; its renditions are made and stored only once the domain has accepted the command, and
 * before the event is appended, so no URL in a response names a missing file. A refused or failed
 * change removes the files it stored; a successful one removes the files it made obsolete.
 */
@Injectable()
export class ItemPhotoWrites {
  constructor(
    private readonly writer: RecordWriter,
    private readonly items: ItemReads,
    @Inject(PHOTO_STORAGE) private readonly storage: PhotoStorage,
    private readonly logger: PinoLogger,
  ) {}

  async add(actor: Actor, itemId: string, upload: PhotoUpload): Promise<void> {
    const { record: item } = await this.items.visible(actor, itemId);
    const photo = await photoSource(upload.photo, 'photo');
    const square = upload.square_photo ? await photoSource(upload.square_photo, 'square_photo') : photo;
    const photoId = randomUUID();
    const original = newFiles(photo);
    const squareFiles = { version: original.version, format: square.format };
    await this.change(actor, item, {
      command: { type: 'AddItemPhoto', photo_id: photoId, original, square: squareFiles },
      render: async () => [
        ...(await renderOriginal(photoId, original, photo)),
        ...(await renderSquares(photoId, squareFiles, square)),
      ],
    });
  }

  async replace(actor: Actor, itemId: string, photoId: string, upload: PhotoUpload): Promise<void> {
    const { item, id } = await this.named(actor, itemId, photoId);
    const photo = await photoSource(upload.photo, 'photo');
    const files = newFiles(photo);
    await this.change(actor, item, {
      command: { type: 'ReplaceItemPhoto', photo_id: id, original: files, square: files },
      render: async () => [
        ...(await renderOriginal(id, files, photo)),
        ...(await renderSquares(id, files, photo)),
      ],
      retired: (before) => photoIn(before, id, allKeys),
    });
  }

  async crop(actor: Actor, itemId: string, photoId: string, upload: PhotoUpload): Promise<void> {
    const { item, id } = await this.named(actor, itemId, photoId);
    const square = await photoSource(upload.photo, 'photo');
    const files = newFiles(square);
    await this.change(actor, item, {
      command: { type: 'CropItemPhoto', photo_id: id, square: files },
      render: () => renderSquares(id, files, square),
      retired: (before) => photoIn(before, id, squareKeys),
    });
  }

  async reorder(actor: Actor, itemId: string, photoIds: unknown): Promise<void> {
    const { record: item } = await this.items.visible(actor, itemId);
    await this.change(actor, item, { command: { type: 'ReorderItemPhotos', photo_ids: photoIds } });
  }

  async remove(actor: Actor, itemId: string, photoId: string): Promise<void> {
    const { item, id } = await this.named(actor, itemId, photoId);
    await this.change(actor, item, {
      command: { type: 'DeleteItemPhoto', photo_id: id },
      retired: (before) => photoIn(before, id, allKeys),
    });
  }

  /** The visible item, and the photo `photoId` names as stored (404 unless an id). */
  private async named(
    actor: Actor,
    itemId: string,
    photoId: string,
  ): Promise<{ item: ItemRecord; id: string }> {
    const { record: item } = await this.items.visible(actor, itemId);
    if (!isRecordId(photoId)) throw resourceMissing();
    return { item, id: photoId.toLowerCase() };
  }

  private async change(
    actor: Actor,
    item: ItemRecord,
    { command, render, retired }: GalleryChange,
  ): Promise<void> {
    const context = {
      now: new Date().toISOString(),
      accountId: actor.accountId,
      itemId: item.id,
      itemArchived: item.archived,
    };
    const stored: string[] = [];
    let before: ItemGalleryState | undefined;
    try {
      await this.writer.write(
        itemGalleryAggregate,
        item.id,
        async (state) => {
          const decision = decideItemGallery(command, state, context);
          if (isDomainError(decision) || decision.length === 0) return decision;
          before = state;
          // A retry after a concurrent write decides again on the newer gallery; the files stay.
          if (render && stored.length === 0) await this.store(await render(), stored);
          return decision;
        },
        { metadata: eventMetadata(actor) },
      );
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
    if (before && retired) await this.discard(retired(before));
  }

  private async store(files: RenderedFile[], stored: string[]): Promise<void> {
    for (const { key, body, contentType } of files) {
      stored.push(key);
      await this.storage.put(key, body, contentType);
    }
  }

  /** Best effort: a file left behind costs space, never a wrong answer. */
  private async discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.warn({ err: error, key }, 'Deleting a photo file failed; it stays in storage');
      }
    }
  }
}

/** Every file of a photo: its original renditions and its squares. */
function allKeys(photo: GalleryPhoto): string[] {
  return [...originalKeys(photo), ...squareKeys(photo)];
}

function photoIn(state: ItemGalleryState, id: string, keys: (photo: GalleryPhoto) => string[]): string[] {
  const photo = state.photos.find((p) => p.id === id);
  return photo ? keys(photo) : [];
}

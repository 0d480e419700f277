import { Inject, Injectable } from '@nestjs/common';
import {
  isDomainError,
  locationAggregate,
  LocationSummaryView,
  locationSummaryView,
  visibleLocation,
  ZoneView,
  zoneView,
  isRecordId,
} from '@app/domain';
import { Database } from '@app/read-models';
import { Actor } from '../auth/actor';
import { RecordWriter } from '@app/runtime';
import { byName, listPageOf } from '../http/list-page';
import { resourceMissing } from '@app/runtime';
import { ListEnvelope, listEnvelope, PageRequest, parsePageRequest } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { locationContext } from './location-context';
import { LocationJson, locationJson } from './location-json';
import { refuseUnknownParams } from '@app/runtime';

type Query = Record<string, unknown>;

const LIST_PARAMS = ['page', 'limit', 'include_total'];

/**
 * Location and zone reads. A retrieve folds the location's stream (the source of truth, with its
 * revision); the lists read the `location_lists` read model, which read-your-writes keeps current.
 * Every read stays within the caller's account and, for a restricted user, their location.
 */
@Injectable()
export class LocationReads {
  constructor(
    private readonly writer: RecordWriter,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** An active location the caller may see, else 404 whatever the reason. */
  async retrieve(
    actor: Actor,
    id: string,
    query: Query = {},
  ): Promise<{ body: LocationJson; revision: number }> {
    refuseUnknownParams(query);
    if (!isRecordId(id)) throw resourceMissing();
    const { state, revision } = await this.writer.read(locationAggregate, id);
    const location = visibleLocation(state, locationContext(actor));
    if (isDomainError(location)) throw location;
    return { body: locationJson(location, revision), revision };
  }

  /** The account's active locations by name (case-insensitive), then id; a restricted user sees theirs. */
  async list(actor: Actor, query: Query, url: string): Promise<ListEnvelope<LocationSummaryView>> {
    const page = listPage(query);
    // A restriction naming no location (the operator stores any string) leaves nothing to see.
    if (actor.locationId !== null && !isRecordId(actor.locationId)) return emptyPage(url, page);
    let rows = this.database.db
      .selectFrom('locations')
      .where('account_id', '=', actor.accountId)
      .where('active', '=', true);
    if (actor.locationId !== null) rows = rows.where('id', '=', actor.locationId);
    return listPageOf(
      { rows, page, url },
      (all) => byName(all.select(['id', 'name', 'short_name'])),
      (found) => found.map(locationSummaryView),
    );
  }

  /** The zones of an active location the caller may see, by name then id; else 404. */
  async zones(actor: Actor, locationId: string, query: Query, url: string): Promise<ListEnvelope<ZoneView>> {
    const page = listPage(query);
    await this.assertVisible(actor, locationId);
    const rows = this.database.db.selectFrom('zones').where('location_id', '=', locationId);
    return listPageOf(
      { rows, page, url },
      (all) => byName(all.select(['id', 'location_id', 'name', 'short_name', 'description'])),
      (found) => found.map(zoneView),
    );
  }

  /** 404 unless the location is active, of the caller's account and inside its restriction. */
  private async assertVisible(actor: Actor, id: string): Promise<void> {
    if (!isRecordId(id) || (actor.locationId !== null && actor.locationId !== id)) throw resourceMissing();
    const row = await this.database.db
      .selectFrom('locations')
      .select('id')
      .where('id', '=', id)
      .where('account_id', '=', actor.accountId)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!row) throw resourceMissing();
  }
}

/** page, limit and include_total; any other parameter is refused, not ignored. */
function listPage(query: Query): PageRequest {
  refuseUnknownParams(query, LIST_PARAMS);
  return parsePageRequest(query);
}

function emptyPage<T>(url: string, page: PageRequest): ListEnvelope<T> {
  return listEnvelope({
    url,
    page: page.page,
    limit: page.limit,
    rows: [],
    total: page.includeTotal ? 0 : undefined,
  });
}

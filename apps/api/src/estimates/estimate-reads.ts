import { Inject, Injectable } from '@nestjs/common';
import { ESTIMATE_KIND, EstimateRecord, EstimateState, EstimateView, visibleEstimate } from '@app/domain';
import { Database } from '@app/read-models';
import { Actor } from '../auth/actor';
import { DocumentLineSkus, LinesRead } from '../documents/document-line-skus';
import { DocumentListRequest } from '../documents/document-list-query';
import { DocumentTable, listDocuments } from '../documents/document-list';
import { readVisible } from '../documents/document-reads';
import { ListEnvelope } from '@app/runtime';
import { DATABASE } from '../store/tokens';
import { estimateSight } from './estimate-context';
import { estimateJson, estimateSummaryJson } from './estimate-json';
import { EstimateExpiries } from './estimate-expiries';
import { EstimateWrites } from './estimate-writes';

/** The `estimates` read model (projector `estimate_lists`). */
export const ESTIMATE_TABLE: DocumentTable = {
  table: 'estimates',
  numberColumn: 'estimate_number',
  searchColumns: ['customer_name', 'custom_estimate_number', 'name'],
  dateColumns: ['issue_date', 'expiry_date'],
  amounts: ESTIMATE_KIND.amounts,
};

/**
 * Estimate reads. A retrieve folds the estimate's stream (the source of truth, with its revision);
 * a list reads the `estimates` read model, which read-your-writes keeps current.
 */
@Injectable()
export class EstimateReads {
  constructor(
    private readonly writes: EstimateWrites,
    private readonly expiries: EstimateExpiries,
    private readonly skus: DocumentLineSkus,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** A visible estimate and its revision, else 404; one past its expiry date is recorded expired first. */
  async read(actor: Actor, id: string) {
    const see = (state: EstimateState) => visibleEstimate(state, estimateSight(actor));
    const found = await readVisible(this.writes, id, see);
    if (!this.expiries.isDue(actor, found.record)) return found;
    await this.expiries.expireIfDue(actor, id);
    return readVisible(this.writes, id, see);
  }

  /** The detail, with the lines' items' current SKUs. */
  async detail(
    actor: Actor,
    record: EstimateRecord,
    revision: number,
    lines: LinesRead = 'stored',
  ): Promise<EstimateView> {
    return estimateJson(record, revision, actor, await this.skus.live(actor.accountId, record.lines, lines));
  }

  /** Visible estimates, newest number first, without lines. */
  list(actor: Actor, request: DocumentListRequest, url: string): Promise<ListEnvelope<EstimateView>> {
    return listDocuments(
      this.database.db,
      ESTIMATE_TABLE,
      estimateSight(actor),
      request,
      url,
      (record, revision) => estimateSummaryJson(record, revision, actor),
    );
  }
}

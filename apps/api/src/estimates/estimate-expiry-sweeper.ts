import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { expireDueEstimates } from '@app/processes';
import { Database } from '@app/read-models';
import { ApiConfig, StateKeepingStore } from '@app/runtime';
import { PinoLogger } from 'nestjs-pino';
import { RepeatedTurns } from '../operations/repeated-turns';
import { ReadYourWrites } from '../store/read-your-writes';
import { API_CONFIG, DATABASE, EVENT_STORE } from '../store/tokens';

/**
 * Runs the expiry sweep (libs/processes estimate-expiry) every ESTIMATE_EXPIRY_SWEEP_MS, first at
 * start: estimates nobody reads or writes are recorded expired too, so lists filtered by status
 * agree with the details. Several instances may sweep at once: each estimate's expiry is appended
 * against the revision read, so it is recorded once.
 */
@Injectable()
export class EstimateExpirySweeper implements OnApplicationBootstrap, OnModuleDestroy {
  // A sweep due is no reason to keep the process alive.
  private readonly turns = new RepeatedTurns(
    () => this.sweepAndLog(),
    () => this.config.estimateExpirySweepMs,
    false,
  );

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(EVENT_STORE) private readonly events: StateKeepingStore,
    private readonly readYourWrites: ReadYourWrites,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(EstimateExpirySweeper.name);
  }

  onApplicationBootstrap(): void {
    if (this.config.estimateExpirySweepMs > 0) this.turns.schedule(0);
  }

  onModuleDestroy(): Promise<void> {
    return this.turns.stop();
  }

  /**
   * One sweep as at `now` (the clock: tests pass a moment); resolves to the estimates expired,
   * once the estimate list shows them.
   */
  async sweep(now = new Date().toISOString()): Promise<string[]> {
    const expired = await expireDueEstimates({ store: this.events, db: this.database.db, now });
    if (expired.length > 0) await this.readYourWrites.current('estimate_lists');
    return expired;
  }

  private sweepAndLog(): Promise<void> {
    return (
      this.sweep()
        .then((expired) => {
          if (expired.length > 0) this.logger.info({ expired: expired.length }, 'Estimates expired');
        })
        // A store away is transient: the next sweep finds the same estimates.
        .catch((error: unknown) => this.logger.warn({ err: error }, 'Estimate expiry sweep failed'))
    );
  }
}

/** Estimate status identifiers (EXTENSIONS.md §5). */
export const ESTIMATE_STATUS = { open: 5, closed: 6, declined: 7, expired: 8 } as const;
export type EstimateStatusId = (typeof ESTIMATE_STATUS)[keyof typeof ESTIMATE_STATUS];

export const ESTIMATE_STATUS_NAMES: Readonly<Record<EstimateStatusId, string>> = {
  5: 'Open',
  6: 'Closed',
  7: 'Declined',
  8: 'Expired',
};

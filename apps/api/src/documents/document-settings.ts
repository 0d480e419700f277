import { Actor } from '../auth/actor';

// The account's settings as documents read them, the same for every type that has them.

/** Whether packing lists are on and whether service lines are packed: invoices and sales orders. */
export function packingSettings(actor: Actor) {
  return {
    packingListsEnabled: actor.settings.packing_lists_enabled,
    packServiceLines: actor.settings.packing_list_service_items,
  };
}

/** The tax labels a detail shows, as the account's settings read now. */
export function taxLabels(actor: Actor) {
  return { tax_label: actor.settings.tax_label, tax_2_label: actor.settings.tax_2_label };
}

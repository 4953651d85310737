/** What the check needs of the events: a customer's live event by key (events/event-repository). */
interface EventLookup {
  get(customerKey: string, key: string): Promise<unknown>;
}

/**
 * Whether a cart line or custom box may name `campaign` (its `campaign_recipient`) as its event:
 * only a live event of the customer's own. Naming none (null or left out) always may. Another
 * customer's event answers as an unknown one, so the answer never tells whose a key is.
 */
export function createCampaignCheck(events: EventLookup) {
  return async (customerKey: string, campaign: string | null | undefined): Promise<boolean> =>
    campaign === null ||
    campaign === undefined ||
    (await events.get(customerKey, campaign)) !== undefined;
}

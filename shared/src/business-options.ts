/**
 * Spec §3 business options and §9 bands: the Business Type menu of the sign-up forms and its
 * follow-up questions. Values are what the sign-up payload carries; labels what the forms show.
 */

/** The main menu. A florist is asked the storefront type; a designer the events per year. */
export const MAIN_BUSINESS_TYPES = [
  { value: 'florist', label: 'Florist' },
  { value: 'wedding_event_designer', label: 'Wedding & event floral designer' },
  { value: 'other', label: 'Other' },
] as const;

/** What 'Other' lists (spec §9 business types beyond the two with follow-ups). */
export const OTHER_BUSINESS_TYPES = [
  { value: 'gift_home_decor', label: 'Gift and home decor' },
  { value: 'planner', label: 'Planner' },
  { value: 'venue', label: 'Venue' },
  { value: 'delivery_only', label: 'Delivery only' },
  { value: 'photographer', label: 'Photographer' },
  { value: 'grower', label: 'Grower' },
  { value: 'garden_center', label: 'Garden center' },
  { value: 'church', label: 'Church' },
  { value: 'spa', label: 'Spa' },
  { value: 'hotel', label: 'Hotel' },
  { value: 'supermarket', label: 'Supermarket' },
  { value: 'school', label: 'School' },
] as const;

export const EVENTS_PER_YEAR = [
  { value: 'under_10', label: 'Under 10' },
  { value: '10_24', label: '10-24' },
  { value: '25_59', label: '25-59' },
  { value: 'over_60', label: 'Over 60' },
] as const;

export const STOREFRONT_TYPES = [
  { value: 'physical_shop', label: 'Physical shop' },
  { value: 'studio', label: 'Studio' },
  { value: 'flower_truck', label: 'Flower truck' },
  { value: 'home_based_studio', label: 'Home-based studio' },
] as const;

/** Spec §9 expense bands: what the business spends on flowers (asked at sign-up, optional). */
export const EXPENSE_BANDS = [
  { value: 'over_1000', label: 'Over $1000' },
  { value: '500_999', label: '$500-999' },
  { value: '100_499', label: '$100-499' },
  { value: 'under_100', label: 'Under $100' },
] as const;

/** Spec §9 discoverability sources: how the visitor heard of Stemline (asked at sign-up, optional). */
export const DISCOVERY_SOURCES = [
  { value: 'social_networks', label: 'Social networks' },
  { value: 'email', label: 'E-mail' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * Spec §9 store quantity options, 1 to 10: how many stores a florist has (asked at sign-up,
 * optional). Only a florist is asked: the spec gives a storefront (the shop type) to no other
 * business type.
 */
export const STORE_COUNTS = [
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
  { value: '5', label: '5' },
  { value: '6', label: '6' },
  { value: '7', label: '7' },
  { value: '8', label: '8' },
  { value: '9', label: '9' },
  { value: '10', label: '10' },
] as const;

/**
 * Spec §9 employees, 1 to 10+: how many people work in the business (asked at sign-up, optional).
 */
export const EMPLOYEE_COUNTS = [
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
  { value: '5', label: '5' },
  { value: '6', label: '6' },
  { value: '7', label: '7' },
  { value: '8', label: '8' },
  { value: '9', label: '9' },
  { value: '10_plus', label: '10+' },
] as const;

/** Spec §9 timing to place the first order (asked at sign-up, optional). */
export const FIRST_ORDER_TIMINGS = [
  { value: 'within_7_days', label: 'Within 7 days' },
  { value: 'within_14_days', label: 'Within 14 days' },
  { value: 'within_a_month', label: 'Within a month' },
  { value: 'later', label: 'Later' },
] as const;

/** The values of a list of options, as zod's enum takes them (a non-empty tuple). */
function valuesOf<Value extends string>(options: readonly { value: Value }[]): [Value, ...Value[]] {
  return options.map((option) => option.value) as [Value, ...Value[]];
}

export type MainBusinessType = (typeof MAIN_BUSINESS_TYPES)[number]['value'];
export type OtherBusinessType = (typeof OTHER_BUSINESS_TYPES)[number]['value'];
/** Every value `business` may take in a sign-up payload. */
export type BusinessType = MainBusinessType | OtherBusinessType;
export type EventsPerYear = (typeof EVENTS_PER_YEAR)[number]['value'];
export type StorefrontType = (typeof STOREFRONT_TYPES)[number]['value'];
export type ExpenseBand = (typeof EXPENSE_BANDS)[number]['value'];
export type DiscoverySource = (typeof DISCOVERY_SOURCES)[number]['value'];
export type StoreCount = (typeof STORE_COUNTS)[number]['value'];
export type EmployeeCount = (typeof EMPLOYEE_COUNTS)[number]['value'];
export type FirstOrderTiming = (typeof FIRST_ORDER_TIMINGS)[number]['value'];
export const EXPENSE_BAND_VALUES = valuesOf(EXPENSE_BANDS);
export const DISCOVERY_SOURCE_VALUES = valuesOf(DISCOVERY_SOURCES);
export const STORE_COUNT_VALUES = valuesOf(STORE_COUNTS);
export const EMPLOYEE_COUNT_VALUES = valuesOf(EMPLOYEE_COUNTS);
export const FIRST_ORDER_TIMING_VALUES = valuesOf(FIRST_ORDER_TIMINGS);

export const BUSINESS_TYPE_VALUES = [
  ...MAIN_BUSINESS_TYPES.map((option) => option.value),
  ...OTHER_BUSINESS_TYPES.map((option) => option.value),
] as [BusinessType, ...BusinessType[]];
export const EVENTS_PER_YEAR_VALUES = valuesOf(EVENTS_PER_YEAR);
export const STOREFRONT_TYPE_VALUES = valuesOf(STOREFRONT_TYPES);

/** The follow-up question a main business type asks, if any. */
export function followUpOf(business: string): 'storefront_type' | 'events_per_year' | null {
  if (business === 'florist') return 'storefront_type';
  if (business === 'wedding_event_designer') return 'events_per_year';
  return null;
}

/** Whether the sign-up asks how many stores: a florist's only, the business with a storefront. */
export function asksStoreCount(business: string): boolean {
  return followUpOf(business) === 'storefront_type';
}

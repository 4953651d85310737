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

export type MainBusinessType = (typeof MAIN_BUSINESS_TYPES)[number]['value'];
export type OtherBusinessType = (typeof OTHER_BUSINESS_TYPES)[number]['value'];
/** Every value `business` may take in a sign-up payload. */
export type BusinessType = MainBusinessType | OtherBusinessType;
export type EventsPerYear = (typeof EVENTS_PER_YEAR)[number]['value'];
export type StorefrontType = (typeof STOREFRONT_TYPES)[number]['value'];
export type ExpenseBand = (typeof EXPENSE_BANDS)[number]['value'];
export type DiscoverySource = (typeof DISCOVERY_SOURCES)[number]['value'];
export const EXPENSE_BAND_VALUES = EXPENSE_BANDS.map((option) => option.value) as [
  ExpenseBand,
  ...ExpenseBand[],
];
export const DISCOVERY_SOURCE_VALUES = DISCOVERY_SOURCES.map((option) => option.value) as [
  DiscoverySource,
  ...DiscoverySource[],
];

export const BUSINESS_TYPE_VALUES = [
  ...MAIN_BUSINESS_TYPES.map((option) => option.value),
  ...OTHER_BUSINESS_TYPES.map((option) => option.value),
] as [BusinessType, ...BusinessType[]];
export const EVENTS_PER_YEAR_VALUES = EVENTS_PER_YEAR.map((option) => option.value) as [
  EventsPerYear,
  ...EventsPerYear[],
];
export const STOREFRONT_TYPE_VALUES = STOREFRONT_TYPES.map((option) => option.value) as [
  StorefrontType,
  ...StorefrontType[],
];

/** The follow-up question a main business type asks, if any. */
export function followUpOf(business: string): 'storefront_type' | 'events_per_year' | null {
  if (business === 'florist') return 'storefront_type';
  if (business === 'wedding_event_designer') return 'events_per_year';
  return null;
}
